import { zonedInstant } from '../time/zone';
import type { FieldErrors } from './field-errors';
import { MESSAGES } from './messages';

/** spec §2 /company-notifications: the rules of a notification the spec leaves to us (docs/notifications.md). */
export const NOTIFICATION_MESSAGES = {
  sendAtPast: 'The sending time cannot be in the past.',
  dayOrPeriod: 'Choose either a day or a period, not both.',
  endsBeforeSending: 'The notification would no longer be valid when it is sent.',
  noContainers: 'Choose at least one user container.',
  noUsers: 'Choose at least one user.',
  alreadySent: 'This notification has been sent and can no longer be changed.',
  notFound: 'This notification does not exist.',
} as const;

/**
 * A sending time a moment in the past still counts as now: a form filled in at 10:00 and saved a few
 * seconds later must not be refused.
 */
export const SEND_AT_GRACE_MS = 60_000;

export interface NotificationTimes {
  send_at: string | null;
  datetime_from: string | null;
  datetime_to: string | null;
  day: string | null;
}

/** The end of the validity window: datetime_to, or the end of `day` on the company's clock. */
export function validUntil(times: Omit<NotificationTimes, 'send_at'>, timeZone: string): Date | null {
  if (times.datetime_to) return new Date(times.datetime_to);
  if (times.day) return zonedInstant(times.day, 1440, timeZone);
  return null;
}

/**
 * The sending time now or later; a validity window that is a day or a period, never both, with the
 * end after the start; and still valid when it is sent. Instants as ISO text, as form and API carry them.
 */
export function notificationTimeErrors(times: NotificationTimes, now: Date, timeZone: string): FieldErrors {
  const errors: FieldErrors = {};
  const sendAt = times.send_at ? Date.parse(times.send_at) : now.getTime();
  if (sendAt < now.getTime() - SEND_AT_GRACE_MS) errors.send_at = [NOTIFICATION_MESSAGES.sendAtPast];
  if (times.day && (times.datetime_from || times.datetime_to)) {
    errors.day = [NOTIFICATION_MESSAGES.dayOrPeriod];
    return errors;
  }
  if (
    times.datetime_from &&
    times.datetime_to &&
    Date.parse(times.datetime_to) <= Date.parse(times.datetime_from)
  ) {
    errors.datetime_to = [MESSAGES.endAfterStart];
    return errors;
  }
  const end = validUntil(times, timeZone);
  if (end && end.getTime() <= Math.max(sendAt, now.getTime()))
    errors[times.day ? 'day' : 'datetime_to'] = [NOTIFICATION_MESSAGES.endsBeforeSending];
  return errors;
}
