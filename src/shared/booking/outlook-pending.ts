import { storedInteger } from '../validation/stored-integer';

/**
 * Ours (issue 41): a room booked in the Outlook add-in is pending until the meeting is sent. The
 * company preference gives the minutes a pending booking waits for its confirmation (the add-in's
 * send handler, or the invitation reaching the room's calendar) before a job releases it.
 */
export const OUTLOOK_PENDING_KEY = 'OutlookPendingMinutes';
export const OUTLOOK_PENDING_DEFAULT = 60;
export const OUTLOOK_PENDING_MIN = 5;
export const OUTLOOK_PENDING_MAX = 10_080;

/** The wait a stored OutlookPendingMinutes value sets (the release job reads it through here). */
export function readPendingMinutes(stored: string | null | undefined): number {
  return storedInteger(stored, {
    min: OUTLOOK_PENDING_MIN,
    max: OUTLOOK_PENDING_MAX,
    fallback: OUTLOOK_PENDING_DEFAULT,
  });
}
