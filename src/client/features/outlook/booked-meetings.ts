import type { OutlookMeeting } from '../../../shared/contract/outlook';

/** How a meeting's room stands: asked of an approver, held until sent, or booked. */
export type BookedState = 'requested' | 'pending' | 'booked';

export interface BookedMeetingRow {
  key: string;
  room: string;
  /** the first booking still holding the room */
  start: string;
  end: string;
  occurrences: number;
  state: BookedState;
}

/**
 * The rooms the user's meetings hold, soonest first: each meeting with a booking still holding its
 * room. Waiting for approval says more than waiting to be sent, so it wins when both hold.
 */
export function bookedMeetingRows(meetings: readonly OutlookMeeting[]): BookedMeetingRow[] {
  return meetings
    .filter((meeting) => meeting.bookings.length > 0)
    .map((meeting) => {
      const first = meeting.bookings[0]!;
      return {
        key: meeting.meeting_key,
        room: meeting.resource?.name ?? first.resource_name,
        start: first.start,
        end: first.end,
        occurrences: meeting.bookings.length,
        state: meeting.awaiting_approval ? 'requested' : meeting.pending ? 'pending' : 'booked',
      } satisfies BookedMeetingRow;
    })
    .sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
}
