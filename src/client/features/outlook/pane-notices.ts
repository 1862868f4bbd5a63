import { ApiError, errorMessage } from '../../api/errors';
import { clearMeetingNotice, notifyInMeeting } from '../../office/office';
import { updatePane, type Notice } from './pane-state';

/** The key of the pane's notice in the meeting's info bar. */
const NOTICE_KEY = 'workplaceRoom';

/** What the pane says when the server refuses: its message and field errors. */
export function refusal(error: unknown): string {
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

/** Shows a notice in the pane and, when `inMeeting`, in the meeting's info bar too. */
export async function tell(notice: Notice, inMeeting: boolean): Promise<void> {
  updatePane({ notice });
  if (!inMeeting) return;
  // The info bar is a courtesy; the pane already shows the message if Outlook refuses it.
  await notifyInMeeting(NOTICE_KEY, notice.text, notice.intent === 'error' ? 'error' : 'info').catch(
    () => undefined,
  );
}

export async function dismissNotice(): Promise<void> {
  updatePane({ notice: null });
  await clearMeetingNotice(NOTICE_KEY).catch(() => undefined);
}
