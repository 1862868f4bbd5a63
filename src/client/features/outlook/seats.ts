import type { Meeting } from '../../office/office';
import { attendeeCount } from './first-rooms';

/** The most seats a pane's seat field takes (the API's bound is higher; no room seats more). */
export const MAX_SEATS = 500;

/**
 * The seats the pane looks for: those the user asked for (remote attendees need none), else one per
 * invitee and the organiser. What the user asked stays while the invitees change.
 */
export const seatsWanted = (meeting: Meeting, asked: number | null): number =>
  asked ?? attendeeCount(meeting);

/**
 * What a seat SpinButton holds after a change: its value when stepped, else what was typed, as a
 * whole number from 1 to MAX_SEATS; null when empty or not a count of seats.
 */
export function seatsFrom(value: number | null | undefined, typed: string | undefined): number | null {
  const raw = value ?? (typed !== undefined && typed.trim() !== '' ? Number(typed) : null);
  if (raw === null || !Number.isFinite(raw)) return null;
  const whole = Math.round(raw);
  return whole >= 1 ? Math.min(whole, MAX_SEATS) : null;
}
