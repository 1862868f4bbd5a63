import { errorMessage } from '../../api/errors';
import {
  onMeetingChange,
  readMeeting,
  readRoomLocations,
  roomIsInMeeting,
  type MeetingChange,
} from '../../office/office';
import { fetchMeeting, moveMeeting, removeMeeting } from './api';
import { firstReads } from './first-rooms';
import {
  asBody,
  bookableIn,
  occurrencesOf,
  roomOf,
  zoneOfMeeting,
  type MeetingOccurrences,
} from './pane-meeting';
import { forgetBookingId, meetingOfItem, rememberMeetingKey } from './pane-meeting-link';
import { refusal, tell } from './pane-notices';
import { paneTexts } from './pane-texts';
import { paneState, updatePane } from './pane-state';

/**
 * The pane's session with its meeting: read once (Outlook's answers, the server's booking), then
 * kept up with Outlook's changes: a moved meeting moves its booking, a room taken out of the
 * location cancels it. The state lives in pane-state.ts, the user's actions in pane-booking.ts.
 */

let zone = 'UTC';
let started: Promise<void> | null = null;

/** Reads the meeting and what the server holds for it, once per pane; then listens to Outlook. */
export function startPane(userZone: string): Promise<void> {
  zone = userZone;
  started ??= (async () => {
    try {
      await readEverything();
      await onMeetingChange((change) => void meetingChanged(change));
    } catch (error) {
      updatePane({ phase: 'failed', failure: errorMessage(error) });
    }
  })();
  return started;
}

async function readEverything(): Promise<void> {
  const reads = firstReads();
  const meeting = await reads.meeting;
  const meetingZone = zoneOfMeeting(meeting, zone);
  const series = await occurrencesOf(meeting, meetingZone);
  const key = await reads.meetingKey;
  const booking = key ? await fetchMeeting(key) : await meetingOfItem(reads.itemId);
  rememberMeetingKey(booking?.meeting_key ?? key);
  const held = booking?.resource && booking.bookings.length > 0 ? booking : null;
  const roomInMeeting = held ? roomIsInMeeting(roomOf(held.resource!), await readRoomLocations()) : false;
  updatePane({
    phase: 'ready',
    ...seriesState(series, meetingZone),
    meeting,
    booking: held,
    roomInMeeting,
    // an approver declined the room: said once, with the room list to choose another
    ...(booking?.declined && booking.resource
      ? { notice: { intent: 'warning' as const, text: paneTexts.declined(booking.resource.name) } }
      : {}),
  });
}

/** What the pane keeps of the meeting's occurrences, and the zone they are shown in. */
const seriesState = (series: MeetingOccurrences, meetingZone: string) => ({
  occurrences: series.occurrences,
  seriesProblem: series.problem,
  seriesUntil: series.until,
  horizonDays: series.horizonDays,
  zone: meetingZone,
});

let changing: Promise<void> = Promise.resolve();

/** Outlook's change events, one at a time and in order. */
function meetingChanged(change: MeetingChange): Promise<void> {
  changing = changing
    .then(() => handleChange(change))
    .catch((error: unknown) => {
      updatePane({ notice: { intent: 'error', text: errorMessage(error) } });
    });
  return changing;
}

async function handleChange(change: MeetingChange): Promise<void> {
  if (change === 'location') return locationsChanged();
  const meeting = await readMeeting();
  const meetingZone = zoneOfMeeting(meeting, zone);
  const series = await occurrencesOf(meeting, meetingZone);
  const { occurrences } = series;
  updatePane({ meeting, ...seriesState(series, meetingZone), conflicts: [], chosen: {} });
  const { booking } = paneState();
  if (!booking?.resource || !occurrences) return;
  const same =
    occurrences.length === booking.bookings.length &&
    occurrences.every(
      (occurrence, index) =>
        occurrence.start.getTime() === new Date(booking.bookings[index]!.start).getTime() &&
        occurrence.end.getTime() === new Date(booking.bookings[index]!.end).getTime(),
    );
  if (same) return;
  updatePane({ busy: 'moving' });
  try {
    const moved = await moveMeeting(booking.meeting_key, {
      occurrences: asBody(bookableIn(occurrences, booking.resource, series.horizonDays)),
      subject: meeting.subject.slice(0, 255) || undefined,
    });
    updatePane({ booking: moved });
    await tell({ intent: 'success', text: paneTexts.movedWithMeeting(booking.resource.name) }, true);
  } catch (error) {
    await tell(
      {
        intent: 'error',
        text: `${refusal(error)} ${paneTexts.stillAtPrevious(booking.resource.name)}`,
      },
      true,
    );
  } finally {
    updatePane({ busy: null });
  }
}

/** The room left the meeting's locations (the user deleted it in Outlook): its booking is cancelled. */
async function locationsChanged(): Promise<void> {
  const { booking } = paneState();
  // The pane's own booking or removal changes the locations too: not the user's doing.
  if (!booking?.resource || paneState().busy === 'booking' || paneState().busy === 'removing') return;
  const present = roomIsInMeeting(roomOf(booking.resource), await readRoomLocations());
  if (present) {
    if (!paneState().roomInMeeting) updatePane({ roomInMeeting: true });
    return;
  }
  if (!paneState().roomInMeeting) return;
  updatePane({ busy: 'removing' });
  try {
    await removeMeeting(booking.meeting_key);
    await forgetBookingId();
    updatePane({ booking: null, roomInMeeting: false });
    await tell(
      {
        intent: 'info',
        text: paneTexts.removedCancelled(booking.resource.name),
      },
      true,
    );
  } finally {
    updatePane({ busy: null });
  }
}
