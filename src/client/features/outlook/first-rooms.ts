import { readMeeting, type Meeting } from '../../office/office';
import { preloadFreeRooms } from './api';

export const attendeeCount = (meeting: Meeting) =>
  // the organizer is not among the attendees Office.js lists
  1 + meeting.requiredAttendees.length + meeting.optionalAttendees.length;

/**
 * The pane's first useful answer, asked as soon as Office is ready: the rooms free for the meeting
 * being organised. Otherwise it waits for the session, the menu and the help lookup the shell loads
 * first, then for the pane's own reading of the meeting; the landing finds it under way or done.
 */
export async function preloadFirstRooms(): Promise<void> {
  const meeting = await readMeeting();
  preloadFreeRooms({ start: meeting.start, end: meeting.end, attendees: attendeeCount(meeting) });
}
