import { useSyncExternalStore } from 'react';
import type { OccurrenceConflict, OutlookMeeting, OutlookRoom } from '../../../shared/contract/outlook';
import { ApiError, errorMessage } from '../../api/errors';
import {
  addRoomToMeeting,
  clearMeetingNotice,
  notifyInMeeting,
  OfficeCallError,
  onMeetingChange,
  readCustomProperty,
  readItemId,
  readMeeting,
  readRoomLocations,
  removeRoomFromMeeting,
  roomIsInMeeting,
  saveItem,
  setMeetingEnd,
  supportsMailbox,
  writeCustomProperties,
  type Meeting,
  type MeetingChange,
} from '../../office/office';
import { attendeeCount, firstReads, MEETING_KEY_PROPERTY } from './first-rooms';
import {
  bookRoom,
  checkRoom,
  fetchMeeting,
  fetchMeetingOfItem,
  linkItem,
  moveMeeting,
  removeMeeting,
} from './api';

/**
 * The task pane's one meeting: what Outlook says about it, what the server holds for it, and what
 * the pane tells the user. Sub-screens replace each other, so this lives outside React; screens
 * read it with usePane(). The server, not the item, is the source of truth: the item only keeps
 * the key the server knows the meeting by.
 */
export const BOOKING_ID_PROPERTY = 'workplaceBookingId';
const NOTICE_KEY = 'workplaceRoom';

export interface PaneOccurrence {
  start: Date;
  end: Date;
}

export type Notice = { intent: 'success' | 'error' | 'warning' | 'info'; text: string };

export interface PaneState {
  phase: 'loading' | 'ready' | 'failed';
  failure: string | null;
  meeting: Meeting | null;
  /** every occurrence (one for a single meeting); null while a series cannot be read */
  occurrences: PaneOccurrence[] | null;
  seriesProblem: string | null;
  booking: OutlookMeeting | null;
  /** the booked room was seen in the meeting's locations (so its disappearance means removal) */
  roomInMeeting: boolean;
  notice: Notice | null;
  /** a series' taken dates, each with a suggested room */
  conflicts: OccurrenceConflict[];
  /** alternatives the user picked, by occurrence start (ISO) */
  chosen: Record<string, OutlookRoom>;
  busy: string | null;
  /** the room the user chose to book (add-resource) */
  candidate: OutlookRoom | null;
}

const initial: PaneState = {
  phase: 'loading',
  failure: null,
  meeting: null,
  occurrences: null,
  seriesProblem: null,
  booking: null,
  roomInMeeting: false,
  notice: null,
  conflicts: [],
  chosen: {},
  busy: null,
  candidate: null,
};

let state: PaneState = initial;
const listeners = new Set<() => void>();

function update(change: Partial<PaneState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function usePane(): PaneState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

export { attendeeCount } from './first-rooms';

async function occurrencesOf(
  meeting: Meeting,
  zone: string,
): Promise<{ occurrences: PaneOccurrence[] | null; problem: string | null }> {
  if (!meeting.recurrence)
    return { occurrences: [{ start: meeting.start, end: meeting.end }], problem: null };
  // The series' rules (rrule, 45 KB) are downloaded for a series only: most meetings are single.
  const { expandOutlookRecurrence } = await import(
    /* webpackChunkName: "recurrence" */ '../../../shared/time/recurrence'
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
const asBody = (occurrences: readonly PaneOccurrence[], now = Date.now()) =>
  (occurrences.length > 1
    ? occurrences.filter((occurrence) => occurrence.start.getTime() > now)
    : occurrences
  ).map((occurrence) => ({
    start: occurrence.start.toISOString(),
    end: occurrence.end.toISOString(),
  }));

let zone = 'UTC';
let started: Promise<void> | null = null;
/** The key the server knows this meeting by, once the pane has one (read, found or made). */
let knownKey: string | null = null;

/** Reads the meeting and what the server holds for it, once per pane; then listens to Outlook. */
export function startPane(userZone: string): Promise<void> {
  zone = userZone;
  started ??= (async () => {
    try {
      await readEverything();
      await onMeetingChange((change) => void meetingChanged(change));
    } catch (error) {
      update({ phase: 'failed', failure: errorMessage(error) });
    }
  })();
  return started;
}

async function readEverything(): Promise<void> {
  const reads = firstReads();
  const meeting = await reads.meeting;
  const { occurrences, problem } = await occurrencesOf(meeting, zone);
  const key = await reads.meetingKey;
  const booking = key ? await fetchMeeting(key) : await meetingOfItem(reads.itemId);
  knownKey = booking?.meeting_key ?? key;
  const held = booking?.resource && booking.bookings.length > 0 ? booking : null;
  const roomInMeeting = held ? roomIsInMeeting(roomOf(held.resource!), await readRoomLocations()) : false;
  update({ phase: 'ready', meeting, occurrences, seriesProblem: problem, booking: held, roomInMeeting });
}

/**
 * The item has no meeting key (Outlook never kept the custom property): the server may still know
 * the meeting by the item's id, which a saved item has.
 */
async function meetingOfItem(read: Promise<string | null>): Promise<OutlookMeeting | null> {
  const itemId = await read;
  return itemId ? fetchMeetingOfItem(itemId) : null;
}

/**
 * Keeps the meeting's key with the item (custom properties, saves retried). Where Outlook keeps
 * failing to save them, the server must know the meeting by its item id instead: a saved item's id
 * went with the booking; a new item is saved for it (no invitation goes out) and its id linked.
 * Answers whether reopening the meeting will find the booking.
 */
async function keepMeetingKey(key: string, booking: OutlookMeeting, itemId: string | null): Promise<boolean> {
  try {
    await writeCustomProperties({
      [MEETING_KEY_PROPERTY]: key,
      [BOOKING_ID_PROPERTY]: String(booking.bookings[0]?.id ?? ''),
    });
    return true;
  } catch {
    if (itemId !== null) return true;
    // Without getItemIdAsync (Mailbox 1.8) a reopened pane could not ask by the item's id.
    if (!supportsMailbox('1.8')) return false;
    try {
      const saved = await saveItem();
      const linked = await linkItem(key, saved);
      update({ booking: linked });
      return true;
    } catch {
      return false;
    }
  }
}

const roomOf = (room: OutlookRoom) => ({ name: room.name, email: room.email });

function refusal(error: unknown): string {
  if (error instanceof ApiError && error.body) {
    const { message } = error.body;
    // A single meeting's refusal repeats its one conflict in the field errors: said once.
    const fieldMessages = Object.values(error.body.errors ?? {})
      .flat()
      .filter((text) => !text.startsWith(message));
    return fieldMessages.length > 0 ? `${message} ${fieldMessages.join(' ')}` : message;
  }
  return errorMessage(error);
}

async function tell(notice: Notice, inMeeting: boolean): Promise<void> {
  update({ notice });
  if (!inMeeting) return;
  // The info bar is a courtesy; the pane already shows the message if Outlook refuses it.
  await notifyInMeeting(NOTICE_KEY, notice.text, notice.intent === 'error' ? 'error' : 'info').catch(
    () => undefined,
  );
}

/**
 * Books the room for every occurrence and writes it into the meeting. A series the room is taken
 * for is refused whole (nothing booked) and its taken dates listed, each with a suggested room.
 */
export async function bookForMeeting(room: OutlookRoom): Promise<'booked' | 'conflicts' | 'failed'> {
  const { meeting, occurrences } = state;
  if (!meeting || !occurrences) return 'failed';
  // The room booked before, if another: once this one replaces it on the server, it leaves the
  // meeting too, or the invitation would still go to a room the server has given up.
  const replaced =
    state.booking?.resource && state.booking.resource.id !== room.id ? state.booking.resource : null;
  update({ busy: 'booking', notice: null });
  try {
    const key = (await readCustomProperty(MEETING_KEY_PROPERTY)) ?? knownKey ?? newMeetingKey();
    if (occurrences.length > 1) {
      const check = await checkRoom({
        resource_id: room.id,
        occurrences: asBody(occurrences),
        attendees: attendeeCount(meeting),
        meeting_key: key,
      });
      const open = check.conflicts.filter((conflict) => !state.chosen[conflict.start]);
      if (open.length > 0) {
        update({ conflicts: check.conflicts });
        await tell(
          {
            intent: 'error',
            text: `${room.name} is taken on ${open.map((conflict) => conflict.date).join(', ')}: nothing was booked. Choose another room for ${open.length === 1 ? 'that date' : 'those dates'}.`,
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
      alternatives: Object.entries(state.chosen).map(([start, alternative]) => ({
        start,
        resource_id: alternative.id,
      })),
    });
    knownKey = key;
    update({ booking, conflicts: [] });
    const kept = await keepMeetingKey(key, booking, itemId);
    let leftBehind: string | null = null;
    try {
      const written = await addRoomToMeeting(roomOf(room));
      update({ roomInMeeting: written === 'room' });
      if (replaced)
        await removeRoomFromMeeting(roomOf(replaced)).catch(() => {
          leftBehind = replaced.name;
        });
    } catch (error) {
      if (error instanceof OfficeCallError && error.code === 'RoomNotAdded') {
        await tell(
          {
            intent: 'warning',
            text: `${room.name} is booked, but Outlook did not add it to the meeting's location. Add the room to the location yourself, or remove the booking here.`,
          },
          true,
        );
        return 'booked';
      }
      throw error;
    }
    const extra = Object.keys(state.chosen).length;
    const done =
      (occurrences.length > 1
        ? `${room.name} is booked for all ${occurrences.length} occurrences${extra > 0 ? ` (another room on ${extra} ${extra === 1 ? 'date' : 'dates'})` : ''}.`
        : `${room.name} is booked for this meeting.`) +
      (leftBehind
        ? ` Outlook did not let the pane take ${leftBehind} out of the location: remove it yourself.`
        : '');
    await tell(
      kept
        ? { intent: 'success', text: done }
        : {
            intent: 'warning',
            text: `${done} Outlook did not keep the booking with the meeting: reopened, this pane may not show the room, but the booking stands.`,
          },
      true,
    );
    update({ chosen: {} });
    return 'booked';
  } catch (error) {
    await tell({ intent: 'error', text: refusal(error) }, false);
    return 'failed';
  } finally {
    update({ busy: null });
  }
}

export function chooseCandidate(room: OutlookRoom): void {
  update({ candidate: room, conflicts: [], chosen: {}, notice: null });
}

export function chooseAlternative(conflict: OccurrenceConflict, room: OutlookRoom | null): void {
  const chosen = { ...state.chosen };
  if (room) chosen[conflict.start] = room;
  else delete chosen[conflict.start];
  update({ chosen });
}

/** The user takes the room out of the meeting from the pane: its bookings are cancelled. */
export async function removeRoom(): Promise<void> {
  const { booking } = state;
  if (!booking?.resource) return;
  update({ busy: 'removing', notice: null });
  try {
    await removeMeeting(booking.meeting_key);
  } catch (error) {
    await tell({ intent: 'error', text: refusal(error) }, false);
    update({ busy: null });
    return;
  }
  // The server has cancelled the booking: the pane says so whatever Outlook does next.
  update({ booking: null });
  const name = booking.resource.name;
  try {
    await removeRoomFromMeeting(roomOf(booking.resource));
    await forgetBookingId();
    update({ roomInMeeting: false });
    await tell({ intent: 'info', text: `${name} is no longer booked for this meeting.` }, true);
  } catch (error) {
    await tell(
      {
        intent: 'warning',
        text: `${name} is no longer booked for this meeting, but Outlook kept it in the location (${errorMessage(error)}): remove it there.`,
      },
      false,
    );
  } finally {
    update({ busy: null });
  }
}

/** The duration screen: the meeting ends `minutes` after its start (UTC to Office.js). */
export async function setDuration(minutes: number): Promise<boolean> {
  const { meeting } = state;
  if (!meeting) return false;
  update({ busy: 'duration', notice: null });
  try {
    await setMeetingEnd(new Date(meeting.start.getTime() + minutes * 60_000));
    return true;
  } catch (error) {
    const series = meeting.recurrence !== null;
    await tell(
      {
        intent: 'error',
        text: series
          ? 'Outlook does not let add-ins change the time of a series here: change it in the series itself.'
          : errorMessage(error),
      },
      false,
    );
    return false;
  } finally {
    update({ busy: null });
  }
}

let changing: Promise<void> = Promise.resolve();

/** Outlook's change events, one at a time and in order. */
function meetingChanged(change: MeetingChange): Promise<void> {
  changing = changing
    .then(() => handleChange(change))
    .catch((error: unknown) => {
      update({ notice: { intent: 'error', text: errorMessage(error) } });
    });
  return changing;
}

async function handleChange(change: MeetingChange): Promise<void> {
  if (change === 'location') return locationsChanged();
  const meeting = await readMeeting();
  const { occurrences, problem } = await occurrencesOf(meeting, zone);
  update({ meeting, occurrences, seriesProblem: problem, conflicts: [], chosen: {} });
  const { booking } = state;
  if (!booking?.resource || !occurrences) return;
  const same =
    occurrences.length === booking.bookings.length &&
    occurrences.every(
      (occurrence, index) =>
        occurrence.start.getTime() === new Date(booking.bookings[index]!.start).getTime() &&
        occurrence.end.getTime() === new Date(booking.bookings[index]!.end).getTime(),
    );
  if (same) return;
  update({ busy: 'moving' });
  try {
    const moved = await moveMeeting(booking.meeting_key, {
      occurrences: asBody(occurrences),
      subject: meeting.subject.slice(0, 255) || undefined,
    });
    update({ booking: moved });
    await tell({ intent: 'success', text: `${booking.resource.name} moved with the meeting.` }, true);
  } catch (error) {
    await tell(
      {
        intent: 'error',
        text: `${refusal(error)} ${booking.resource.name} is still booked at the meeting's previous time.`,
      },
      true,
    );
  } finally {
    update({ busy: null });
  }
}

/** The room left the meeting's locations (the user deleted it in Outlook): its booking is cancelled. */
async function locationsChanged(): Promise<void> {
  const { booking } = state;
  // The pane's own booking or removal changes the locations too: not the user's doing.
  if (!booking?.resource || state.busy === 'booking' || state.busy === 'removing') return;
  const present = roomIsInMeeting(roomOf(booking.resource), await readRoomLocations());
  if (present) {
    if (!state.roomInMeeting) update({ roomInMeeting: true });
    return;
  }
  if (!state.roomInMeeting) return;
  update({ busy: 'removing' });
  try {
    await removeMeeting(booking.meeting_key);
    await forgetBookingId();
    update({ booking: null, roomInMeeting: false });
    await tell(
      {
        intent: 'info',
        text: `${booking.resource.name} was removed from the meeting: its booking is cancelled.`,
      },
      true,
    );
  } finally {
    update({ busy: null });
  }
}

/**
 * The item's booking id is a note for whoever reads the item; the server already cancelled the
 * booking, so Outlook failing to save the note again does not undo or fail the removal.
 */
function forgetBookingId(): Promise<void> {
  return writeCustomProperties({ [BOOKING_ID_PROPERTY]: null }).catch(() => undefined);
}

export async function dismissNotice(): Promise<void> {
  update({ notice: null });
  await clearMeetingNotice(NOTICE_KEY).catch(() => undefined);
}

function newMeetingKey(): string {
  return crypto.randomUUID();
}
