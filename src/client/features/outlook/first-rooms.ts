import {
  isSeriesOccurrence,
  readCustomProperty,
  readItemId,
  readMeeting,
  type Meeting,
} from '../../office/office';
import { preloadFreeRooms } from './api';

/** The custom property that keeps, with the item, the key the server knows the meeting by. */
export const MEETING_KEY_PROPERTY = 'workplaceMeetingKey';
/** The same for one occurrence opened on its own: the series' key, copied to it, is not its own. */
export const OCCURRENCE_KEY_PROPERTY = 'workplaceOccurrenceKey';

/** Where this item keeps its meeting key (isSeriesOccurrence says why an occurrence has its own). */
export const meetingKeyProperty = () =>
  isSeriesOccurrence() ? OCCURRENCE_KEY_PROPERTY : MEETING_KEY_PROPERTY;

export const attendeeCount = (meeting: Meeting) =>
  // the organizer is not among the attendees Office.js lists
  1 + meeting.requiredAttendees.length + meeting.optionalAttendees.length;

/** What the pane asks Outlook first: the meeting, the key kept with the item, the item's id. */
export interface FirstReads {
  meeting: Promise<Meeting>;
  meetingKey: Promise<string | null>;
  itemId: Promise<string | null>;
}

/** Answers older than this (the user took time to sign in, say) are asked for again. */
const FRESH_MS = 5_000;

let asked: { at: number; reads: FirstReads } | null = null;

/**
 * Asked once, all at once: by the entry as soon as Office is ready when the user is signed in,
 * else by the landing once they are. Each answer arrives on a later task; asked one after the
 * other from the pane's first screen they waited behind its renders (~25 ms on the way to the
 * first rooms). The pane's session reads the answers from here, then follows Outlook's changes.
 */
export function firstReads(): FirstReads {
  const now = Date.now();
  if (!asked || now - asked.at > FRESH_MS) {
    const reads = {
      meeting: readMeeting(),
      meetingKey: readCustomProperty(meetingKeyProperty()),
      itemId: readItemId(),
    };
    // The item's id is needed only when the item kept no key; a failure is its reader's to handle.
    for (const read of Object.values(reads)) (read as Promise<unknown>).catch(() => undefined);
    asked = { at: now, reads };
  }
  return asked.reads;
}

/**
 * The pane's first useful answer, asked as soon as Office is ready: the rooms free for the meeting
 * being organised. Otherwise it waits for the session, the menu and the help lookup the shell loads
 * first, then for the pane's own reading of the meeting; the landing finds it under way or done.
 */
export async function preloadFirstRooms(): Promise<void> {
  const meeting = await firstReads().meeting;
  preloadFreeRooms({ start: meeting.start, end: meeting.end, attendees: attendeeCount(meeting) });
}
