import { MESSAGES } from './messages';

/**
 * Working hours run within one day: the end must come after the start ('HH:mm' compare as text).
 * Hours across midnight (18:00 → 08:00) would give a day with no slots, so they are refused with a
 * message that says why, in the form and in the 422 body alike.
 */
export function workingHoursErrors(from: string, to: string): Record<string, string[]> {
  if (!from || !to || from < to) return {};
  return { working_hours_to: [MESSAGES.endAfterStart] };
}
