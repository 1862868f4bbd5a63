import type { OutlookRoom } from '../../../shared/contract/outlook';
import type { Meeting } from '../../office/office';
import type { PaneOccurrence } from './pane-state';

/** The meeting's occurrences in a zone: one for a single meeting, every one of a series. */
export async function occurrencesOf(
  meeting: Meeting,
  zone: string,
): Promise<{ occurrences: PaneOccurrence[] | null; problem: string | null }> {
  if (!meeting.recurrence)
    return { occurrences: [{ start: meeting.start, end: meeting.end }], problem: null };
  // The series' rules (rrule, 45 KB) are downloaded for a series only: most meetings are single.
  const { expandOutlookRecurrence } = await import(
    /* webpackChunkName: "recurrence" */ '../../../shared/time/outlook-recurrence'
  );
  const expansion = expandOutlookRecurrence(meeting.recurrence, zone);
  if (!expansion.ok) return { occurrences: null, problem: Object.values(expansion.errors).flat()[0] ?? null };
  return { occurrences: expansion.occurrences.map(({ start, end }) => ({ start, end })), problem: null };
}

/**
 * The occurrences to book or move. A series under way is booked and moved from its next occurrence
 * on: those begun or over are history, whose bookings the server keeps as they are. A single
 * meeting is sent as it is (the server says when its time is over).
 */
export const asBody = (occurrences: readonly PaneOccurrence[], now = Date.now()) =>
  (occurrences.length > 1
    ? occurrences.filter((occurrence) => occurrence.start.getTime() > now)
    : occurrences
  ).map((occurrence) => ({
    start: occurrence.start.toISOString(),
    end: occurrence.end.toISOString(),
  }));

/** A room as Outlook's locations take it. */
export const roomOf = (room: OutlookRoom) => ({ name: room.name, email: room.email });
