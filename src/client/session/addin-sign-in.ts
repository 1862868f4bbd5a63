import {
  ADDIN_DIALOG_PAGE,
  addinSignInPaths,
  type DialogMessage,
  type MicrosoftSignInOptions,
} from '../../shared/contract/addin-sign-in';
import type { HandoverResponse } from '../../shared/contract/auth';
import { api } from '../api/client';
import { nestedAppToken } from '../office/nested-app-auth';
import { messageFromDialog, supportsNestedAppAuth } from '../office/office-sign-in';
import { completeLogin, exchangeHandover } from './session';

/**
 * The task pane's ways in besides its password form (issue 41): Microsoft 365 through nested app
 * authentication where the host brokers tokens, and a sign-in dialog (the company's password or
 * single sign-on, in a window of its own) everywhere. Both end as any sign-in on the master host: a
 * hand-over code the pane exchanges on its company's API.
 */

let options: Promise<MicrosoftSignInOptions> | null = null;

/** The app registration's client id when this host and this server both offer Microsoft 365 sign-in. */
export async function microsoftSignInClientId(): Promise<string | null> {
  if (!supportsNestedAppAuth()) return null;
  options ??= api
    .getNow<MicrosoftSignInOptions>(addinSignInPaths.microsoft, { silent: true })
    .catch(() => ({ client_id: null }));
  return (await options).client_id;
}

/** Signs in with the mailbox's Microsoft 365 account; answers the path to go to. */
export async function signInWithMicrosoft(clientId: string): Promise<string | null> {
  const token = await nestedAppToken(clientId);
  const answer = await api.post<HandoverResponse>(
    addinSignInPaths.microsoft,
    { token },
    { noRefresh: true, silent: true },
  );
  return completeLogin(answer, 'handover');
}

/**
 * Opens the sign-in dialog on the pane's own origin and exchanges the hand-over code its page sends
 * back. Answers null when the user closed the dialog without signing in.
 */
export async function signInThroughDialog(): Promise<string | null> {
  const message = parseDialogMessage(
    await messageFromDialog(`${window.location.origin}${ADDIN_DIALOG_PAGE}`),
  );
  if (message?.kind !== 'handover') return null;
  return exchangeHandover(message.handover_code, message.subdomain);
}

export function parseDialogMessage(text: string): DialogMessage | null {
  try {
    const value = JSON.parse(text) as Partial<DialogMessage> | null;
    if (value?.kind === 'cancelled') return { kind: 'cancelled' };
    if (
      value?.kind === 'handover' &&
      typeof value.subdomain === 'string' &&
      typeof value.handover_code === 'string'
    )
      return { kind: 'handover', subdomain: value.subdomain, handover_code: value.handover_code };
  } catch {
    // not ours
  }
  return null;
}
