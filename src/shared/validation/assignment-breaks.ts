import type { FieldErrors } from './field-errors';

/**
 * spec §2 /profile assigned-resources add-break and :breakId: a time the holder of an assigned
 * resource is away, during which others may book it. Checked by the form and again by the server.
 */
export const BREAK_MESSAGES = {
  invalidDate: 'The date is not valid.',
  order: 'The end must be after the start.',
  past: 'A break cannot start in the past.',
  ended: 'A break cannot end in the past.',
  overlap: 'This break overlaps another break of this resource.',
  notFound: 'This break does not exist.',
  assignmentNotFound: 'This assignment does not exist.',
} as const;

/**
 * The start not in the past (an ongoing break keeps its start: `keptStart`), the end after the start
 * and after now. Instants as ISO text, as the form and the API carry them.
 */
export function breakErrors(
  body: { starts_at: string; ends_at: string },
  now: Date,
  keptStart?: string,
): FieldErrors {
  const errors: FieldErrors = {};
  const start = Date.parse(body.starts_at);
  const end = Date.parse(body.ends_at);
  if (Number.isNaN(start)) errors.starts_at = [BREAK_MESSAGES.invalidDate];
  if (Number.isNaN(end)) errors.ends_at = [BREAK_MESSAGES.invalidDate];
  if (Object.keys(errors).length > 0) return errors;
  const keeps = keptStart !== undefined && Date.parse(keptStart) === start;
  if (start < now.getTime() && !keeps) errors.starts_at = [BREAK_MESSAGES.past];
  if (end <= start) errors.ends_at = [BREAK_MESSAGES.order];
  else if (end <= now.getTime()) errors.ends_at = [BREAK_MESSAGES.ended];
  return errors;
}
