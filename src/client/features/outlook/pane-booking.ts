import type { OccurrenceConflict, OutlookMeeting, OutlookRoom } from '../../../shared/contract/outlook';
import { errorMessage } from '../../api/errors';
import { label } from '../../i18n/i18n';
import { currentWhen } from '../../i18n/use-when';
import {
  addRoomToMeeting,
  readCustomProperty,
  type RoomWritten,
  readItemId,
  removeRoomFromMeeting,
  setMeetingEnd,
} from '../../office/office';
import { bookRoom, checkRoom, removeMeeting } from './api';
import { meetingKeyProperty } from './first-rooms';
import { asBody, bookableIn, roomOf } from './pane-meeting';
import {
  forgetBookingId,
  keepMeetingKey,
  knownMeetingKey,
  newMeetingKey,
  rememberMeetingKey,
} from './pane-meeting-link';
import { refusal, tell } from './pane-notices';
import { paneTexts } from './pane-texts';
import { paneState, updatePane } from './pane-state';
import { seatsWanted } from './seats';

/**
 * Books the room for every occurrence and writes it into the meeting. A series the room is taken
 * for is refused whole (nothing booked) and its taken dates listed, each with a suggested room.
 */
export async function bookForMeeting(room: OutlookRoom): Promise<'booked' | 'conflicts' | 'failed'> {
  const { meeting, occurrences: all, booking: before, horizonDays, seriesUntil } = paneState();
  if (!meeting || !all) return 'failed';
  // a series reaching past the company's horizon is booked up to it, on the room's clock
  const occurrences = bookableIn(all, room, horizonDays);
  // The room booked before, if another: once this one replaces it on the server, it leaves the
  // meeting too, or the invitation would still go to a room the server has given up.
  const replaced = before?.resource && before.resource.id !== room.id ? before.resource : null;
  updatePane({ busy: 'booking', notice: null });
  try {
    const key = (await readCustomProperty(meetingKeyProperty())) ?? knownMeetingKey() ?? newMeetingKey();
    if (occurrences.length > 1) {
      const check = await checkRoom({
        resource_id: room.id,
        occurrences: asBody(occurrences),
        attendees: seatsWanted(meeting, paneState().seats),
        meeting_key: key,
      });
      const open = check.conflicts.filter((conflict) => !paneState().chosen[conflict.start]);
      if (open.length > 0) {
        updatePane({ conflicts: check.conflicts });
        await tell(
          {
            intent: 'error',
            text: paneTexts.takenOn(
              room.name,
              open.map((conflict) => currentWhen().date(conflict.date)),
            ),
          },
          false,
        );
        return 'conflicts';
      }
    }
    const itemId = await readItemId();
    const booking = await bookRoom({
      meeting_key: key,
      item_id: itemId,
      resource_id: room.id,
      subject: meeting.subject.slice(0, 255) || undefined,
      occurrences: asBody(occurrences),
      alternatives: Object.entries(paneState().chosen).map(([start, alternative]) => ({
        start,
        resource_id: alternative.id,
      })),
    });
    let written: RoomWritten;
    try {
      written = await addRoomToMeeting(roomOf(room));
    } catch {
      // A booking for a room the meeting does not hold would keep the room from others while its
      // Exchange calendar shows it free: the booking is rolled back, whatever Outlook said.
      const restored = await rollBack(key, before, itemId, horizonDays);
      updatePane({ booking: restored, conflicts: [] });
      await tell(
        {
          intent: 'error',
          text: [
            paneTexts.notAdded(room.name),
            before?.resource
              ? restored?.resource
                ? paneTexts.staysBooked(before.resource.name)
                : paneTexts.notRebooked(before.resource.name)
              : '',
          ]
            .filter(Boolean)
            .join(' '),
        },
        true,
      );
      return 'failed';
    }
    rememberMeetingKey(key);
    updatePane({ booking, conflicts: [], roomInMeeting: written === 'room' });
    const kept = await keepMeetingKey(key, booking, itemId);
    let leftBehind: string | null = null;
    if (replaced)
      await removeRoomFromMeeting(roomOf(replaced)).catch(() => {
        leftBehind = replaced.name;
      });
    const extra = Object.keys(paneState().chosen).length;
    const done = [
      booking.awaiting_approval
        ? requestedText(room.name, occurrences.length)
        : occurrences.length > 1
          ? paneTexts.bookedAll(room.name, occurrences.length, extra)
          : paneTexts.bookedMeeting(room.name),
      seriesUntil ? paneTexts.bookedUntil(currentWhen().date(seriesUntil)) : '',
      leftBehind ? paneTexts.leftBehind(leftBehind) : '',
    ]
      .filter(Boolean)
      .join(' ');
    await tell(
      kept
        ? { intent: 'success', text: done }
        : {
            intent: 'warning',
            text: `${done} ${paneTexts.notKept()}`,
          },
      true,
    );
    updatePane({ chosen: {} });
    return 'booked';
  } catch (error) {
    await tell({ intent: 'error', text: refusal(error) }, false);
    return 'failed';
  } finally {
    updatePane({ busy: null });
  }
}

/** A room that needs approval is requested, not booked: said so in the pane and Outlook's info bar. */
export function requestedText(name: string, occurrences: number): string {
  // outside React: the label function itself (named t, so the catalogue test sees its codes)
  const t = label;
  return occurrences > 1
    ? t('outlook.requested-series', 'Requested {name} for all {count} occurrences – waiting for approval.', {
        name,
        count: occurrences,
      })
    : t('outlook.requested-notice', 'Requested {name} for this meeting – waiting for approval.', { name });
}

/**
 * Undoes a booking Outlook did not take: the meeting's previous room booked again (it is still in
 * the meeting: the new room is added before the old one leaves), or the meeting's bookings
 * cancelled. Answers what the server then holds.
 */
async function rollBack(
  key: string,
  before: OutlookMeeting | null,
  itemId: string | null,
  horizonDays: number | null,
): Promise<OutlookMeeting | null> {
  const { meeting, occurrences } = paneState();
  try {
    if (before?.resource && meeting && occurrences)
      return await bookRoom({
        meeting_key: key,
        item_id: itemId,
        resource_id: before.resource.id,
        subject: meeting.subject.slice(0, 255) || undefined,
        occurrences: asBody(bookableIn(occurrences, before.resource, horizonDays)),
        alternatives: [],
      });
  } catch {
    // the previous room was taken meanwhile: nothing stays booked
  }
  await removeMeeting(key).catch(() => undefined);
  return null;
}

export function chooseCandidate(room: OutlookRoom): void {
  updatePane({ candidate: room, conflicts: [], chosen: {}, notice: null });
}

export function chooseAlternative(conflict: OccurrenceConflict, room: OutlookRoom | null): void {
  const chosen = { ...paneState().chosen };
  if (room) chosen[conflict.start] = room;
  else delete chosen[conflict.start];
  updatePane({ chosen });
}

/** The user takes the room out of the meeting from the pane: its bookings are cancelled. */
export async function removeRoom(): Promise<void> {
  const { booking } = paneState();
  if (!booking?.resource) return;
  updatePane({ busy: 'removing', notice: null });
  try {
    await removeMeeting(booking.meeting_key);
  } catch (error) {
    await tell({ intent: 'error', text: refusal(error) }, false);
    updatePane({ busy: null });
    return;
  }
  // The server has cancelled the booking: the pane says so whatever Outlook does next.
  updatePane({ booking: null });
  const name = booking.resource.name;
  try {
    await removeRoomFromMeeting(roomOf(booking.resource));
    await forgetBookingId();
    updatePane({ roomInMeeting: false });
    await tell({ intent: 'info', text: paneTexts.noLongerBooked(name) }, true);
  } catch (error) {
    await tell(
      {
        intent: 'warning',
        text: paneTexts.keptInLocation(name, errorMessage(error)),
      },
      false,
    );
  } finally {
    updatePane({ busy: null });
  }
}

/** The duration screen: the meeting ends `minutes` after its start (UTC to Office.js). */
export async function setDuration(minutes: number): Promise<boolean> {
  const { meeting } = paneState();
  if (!meeting) return false;
  updatePane({ busy: 'duration', notice: null });
  try {
    await setMeetingEnd(new Date(meeting.start.getTime() + minutes * 60_000));
    return true;
  } catch (error) {
    const series = meeting.recurrence !== null;
    await tell(
      {
        intent: 'error',
        text: series ? paneTexts.seriesTimeFixed() : errorMessage(error),
      },
      false,
    );
    return false;
  } finally {
    updatePane({ busy: null });
  }
}
