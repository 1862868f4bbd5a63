import { horizonEnd, lastBookableDay } from '../../../shared/booking/booking-horizon';
import type { OutlookRoom } from '../../../shared/contract/outlook';
import { calendarDateIn } from '../../../shared/time/calendar-date';
import { meetingZoneOf } from '../../../shared/time/windows-zones';
import { mailboxZone, type Meeting } from '../../office/office';
import { fetchHorizonDays } from './api';
import type { PaneOccurrence } from './pane-state';

/**
 * The zone the meeting's times are set in: its series' (recurrenceTimeZone), else the mailbox's
 * (userProfile.timeZone), else the Workplace user's. The pane shows the meeting's times in it.
 */
export const zoneOfMeeting = (meeting: Meeting, userZone: string) =>
  meetingZoneOf(meeting.recurrence?.recurrenceTimeZone?.name, mailboxZone(), userZone);

export interface MeetingOccurrences {
  occurrences: PaneOccurrence[] | null;
  problem: string | null;
  /** a series cut at the company's horizon: its last day there (the meeting's zone), else null */
  until: string | null;
  /** the company's horizon in days, known for a series */
  horizonDays: number | null;
}

/**
 * The meeting's occurrences in its zone: one for a single meeting, every one of a series; a series
 * without an end date (or ending after the company's horizon) up to the horizon's last day.
 */
export async function occurrencesOf(meeting: Meeting, zone: string): Promise<MeetingOccurrences> {
  if (!meeting.recurrence)
    return {
      occurrences: [{ start: meeting.start, end: meeting.end }],
      problem: null,
      until: null,
      horizonDays: null,
    };
  // The series' rules (rrule, 45 KB) are downloaded for a series only, beside the horizon.
  const [{ expandOutlookRecurrence }, horizonDays] = await Promise.all([
    import(/* webpackChunkName: "recurrence" */ '../../../shared/time/outlook-recurrence'),
    fetchHorizonDays(),
  ]);
  const now = new Date();
  const expansion = expandOutlookRecurrence(meeting.recurrence, zone, {
    from: calendarDateIn(zone, now),
    until: lastBookableDay(now, horizonDays, zone),
  });
  if (!expansion.ok)
    return {
      occurrences: null,
      problem: Object.values(expansion.errors).flat()[0] ?? null,
      until: null,
      horizonDays,
    };
  return {
    occurrences: expansion.occurrences.map(({ start, end }) => ({ start, end })),
    problem: null,
    until: expansion.until,
    horizonDays,
  };
}

/**
 * The occurrences a room can be booked for: those starting before the end of the horizon's last day
 * on the room's clock, as the server counts it (the meeting's zone may be a day ahead of the room's).
 */
export const bookableIn = (
  occurrences: readonly PaneOccurrence[],
  room: Pick<OutlookRoom, 'timezone'>,
  horizonDays: number | null,
  now = new Date(),
) => {
  if (horizonDays === null) return occurrences;
  const end = horizonEnd(now, horizonDays, room.timezone).getTime();
  return occurrences.filter((occurrence) => occurrence.start.getTime() < end);
};

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
