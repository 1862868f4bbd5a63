import { ApiError, errorMessage } from '../../api/errors';
import { readCustomProperty } from '../../office/office';
import { storagePartition } from '../../office/office-sign-in';
import { readStored, setStoragePartition } from '../../session/storage';
import { confirmSent } from './api';
import { meetingKeyProperty } from './first-rooms';

/** What Outlook is told of a send: let it go, or stop it with a message for the organiser. */
export type SendVerdict = { allowEvent: true } | { allowEvent: false; errorMessage: string };

/**
 * The meeting is being sent (OnAppointmentSend, event-based activation): its room, pending since
 * the pane booked it, is confirmed with the server. A meeting the pane never booked for, or a
 * runtime that cannot reach the session (not signed in here, the server unreachable), is let go:
 * the room's calendar confirms it when its invitation arrives, else the release job frees the room
 * after the company's wait. Only a meeting whose hold already lapsed is stopped (409), so that its
 * organiser books again rather than inviting a room held for nobody. Sent twice (Outlook may fire
 * the event again after a blocked send), the confirmation simply holds.
 */
export async function meetingSendVerdict(): Promise<SendVerdict> {
  try {
    // The pane's session is stored under the host's partition (Outlook on the web, new Outlook).
    setStoragePartition(storagePartition());
    const key = await readCustomProperty(meetingKeyProperty());
    if (!key || !readStored('token')) return { allowEvent: true };
    await confirmSent(key);
    return { allowEvent: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409)
      return { allowEvent: false, errorMessage: errorMessage(error).slice(0, 300) };
    return { allowEvent: true };
  }
}

/** The function the manifests name (Office.actions.associate): answers Outlook once, always. */
export function onMeetingSend(event: { completed(options: SendVerdict): void }): void {
  void meetingSendVerdict().then((verdict) => event.completed(verdict));
}
