import { call } from './office';

/**
 * The Office.js calls of signing in (issue 41): the storage partition, the mailbox's user, whether
 * the host brokers Microsoft 365 tokens (nested app authentication), and the sign-in dialog.
 * Like office.ts, it reads `Office` as a global, after Office.onReady.
 */

/**
 * Outlook on the web and new Outlook partition an add-in's storage: keys are to be prefixed with
 * this. Undefined where the client does not partition (classic Outlook on Windows, Mac).
 */
export function storagePartition(): string | null {
  if (typeof Office === 'undefined') return null;
  return Office.context?.partitionKey || null;
}

/** The address of the mailbox the pane runs in, lower case; null where the host does not say. */
export function mailboxUser(): string | null {
  if (typeof Office === 'undefined') return null;
  const address = Office.context?.mailbox?.userProfile?.emailAddress;
  return address ? address.trim().toLowerCase() : null;
}

/** Whether the host hands Microsoft 365 tokens to add-ins (requirement set NestedAppAuth 1.1). */
export function supportsNestedAppAuth(): boolean {
  if (typeof Office === 'undefined') return false;
  return Boolean(Office.context?.requirements?.isSetSupported('NestedAppAuth', '1.1'));
}

/** The dialog closed by the user (Office's event 12006) rather than by its page. */
export class DialogClosed extends Error {
  constructor() {
    super('The sign-in window was closed.');
    this.name = 'DialogClosed';
  }
}

const DIALOG_CLOSED_BY_USER = 12006;

/**
 * Opens `url` (on the pane's own origin) in Office's dialog and resolves with the first message its
 * page sends (Office.context.ui.messageParent); the dialog is closed then. Rejects with DialogClosed
 * when the user closes it first.
 */
export async function messageFromDialog(url: string, size = { width: 40, height: 60 }): Promise<string> {
  const dialog = await call<Office.Dialog>((done) =>
    Office.context.ui.displayDialogAsync(url, { ...size, promptBeforeOpen: false }, done),
  );
  return new Promise<string>((resolve, reject) => {
    dialog.addEventHandler(Office.EventType.DialogMessageReceived, (event) => {
      dialog.close();
      resolve('message' in event ? event.message : '');
    });
    dialog.addEventHandler(Office.EventType.DialogEventReceived, (event) => {
      dialog.close();
      reject(
        'error' in event && event.error !== DIALOG_CLOSED_BY_USER
          ? new Error(`Dialog error ${event.error}`)
          : new DialogClosed(),
      );
    });
  });
}

/** From the dialog's page: hands the pane its message (Office.context.ui.messageParent). */
export function messageParent(message: string): boolean {
  if (typeof Office === 'undefined' || !Office.context?.ui?.messageParent) return false;
  Office.context.ui.messageParent(message);
  return true;
}
