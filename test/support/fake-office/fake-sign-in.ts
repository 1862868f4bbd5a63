/**
 * The sign-in side of the fake Office host (issue 41), as Microsoft documents it:
 * - `Office.context.partitionKey`, set where the client partitions add-in storage (on the web);
 * - `Office.context.mailbox.userProfile`, the mailbox's user;
 * - nested app authentication: the requirement set NestedAppAuth 1.1 and `window.nestedAppAuthBridge`,
 *   the host's broker MSAL talks to (JSON envelopes GetInitContext, GetToken, GetTokenPopup; answers
 *   carry the tokens the test had the fake Entra ID issue);
 * - `Office.context.ui.displayDialogAsync`, opening the page in a window of its own (a URL off the
 *   pane's origin is refused with 12004, as Office refuses a domain the manifest does not list),
 *   and, in that window, `Office.context.ui.messageParent`, raising DialogMessageReceived in the pane;
 *   the user closing the window raises DialogEventReceived 12006.
 */
import type { FakeOfficeSetup, FakeOfficeState } from './types';

type Answer = <T>(
  name: string,
  args: unknown[],
  outcome: { value: T } | { error: string; message: string; code?: number },
) => void;

interface DialogParent {
  receive(message: string): void;
}

declare global {
  interface Window {
    __fakeOfficeDialogParent?: DialogParent;
    nestedAppAuthBridge?: {
      postMessage(message: string): void;
      addEventListener(type: 'message', listener: (response: string) => void): void;
      removeEventListener(type: 'message', listener: (response: string) => void): void;
    };
  }
}

export function installSignIn(
  context: Record<string, unknown> & { mailbox: Record<string, unknown> },
  setup: FakeOfficeSetup,
  state: FakeOfficeState,
  answer: Answer,
  limited: <F extends (...args: never[]) => unknown>(name: string, method: F) => F,
): void {
  const signIn = setup.signIn ?? {};
  if (signIn.partitionKey) context.partitionKey = signIn.partitionKey;
  // Outlook always has a userProfile (with the mailbox's zone); the test names its user or not
  if (signIn.mailboxUser)
    Object.assign(context.mailbox.userProfile as object, {
      displayName: signIn.mailboxUser.displayName,
      emailAddress: signIn.mailboxUser.emailAddress,
    });

  const requirements = context.requirements as {
    isSetSupported: (name: string, version?: string) => boolean;
  };
  const mailboxSets = requirements.isSetSupported;
  requirements.isSetSupported = (name, version) =>
    name === 'NestedAppAuth'
      ? Boolean(signIn.nestedAppAuth) && Number((version ?? '1.0').split('.')[1] ?? 0) <= 1
      : mailboxSets(name, version);
  if (signIn.nestedAppAuth) installBroker(signIn.nestedAppAuth, state);

  const opener = window.opener as (Window & { __fakeOfficeDialogParent?: DialogParent }) | null;
  const parent = opener?.__fakeOfficeDialogParent;
  context.ui = {
    displayDialogAsync: limited('displayDialogAsync', (url: string, ...args: unknown[]) => {
      if (new URL(url, window.location.href).origin !== window.location.origin)
        return answer('displayDialogAsync', args, {
          error: 'Domain is not trusted',
          message: 'The domain of the URL is not included in the AppDomains element in the manifest.',
          code: 12004,
        });
      state.dialogs.push(url);
      answer('displayDialogAsync', args, { value: openDialog(url, state) });
    }),
    // In the dialog's window: the pane that opened it hears the message.
    messageParent: (message: string) => {
      if (!parent) throw new Error('messageParent is only available in a dialog.');
      parent.receive(message);
    },
  };
}

const DIALOG_MESSAGE = 'dialogMessageReceived';
const DIALOG_EVENT = 'dialogEventReceived';

function openDialog(url: string, state: FakeOfficeState): Office.Dialog {
  const handlers = new Map<string, (event: unknown) => void>();
  const popup = window.open(url, '_blank', 'popup,width=480,height=640');
  let open = true;
  window.__fakeOfficeDialogParent = {
    receive(message) {
      state.dialogMessages.push(message);
      setTimeout(
        () =>
          handlers.get(DIALOG_MESSAGE)?.({ type: DIALOG_MESSAGE, message, origin: window.location.origin }),
        5,
      );
    },
  };
  // The user closing the window: Office tells the pane with event 12006.
  const watch = setInterval(() => {
    if (!open || !popup?.closed) return;
    open = false;
    clearInterval(watch);
    handlers.get(DIALOG_EVENT)?.({ type: DIALOG_EVENT, error: 12006 });
  }, 50);
  return {
    addEventHandler: (type: string, handler: (event: unknown) => void) => {
      handlers.set(String(type), handler);
      return true;
    },
    close: () => {
      open = false;
      clearInterval(watch);
      popup?.close();
    },
    messageChild: () => undefined,
    sendMessage: () => undefined,
  } as unknown as Office.Dialog;
}

type NestedAppAuth = NonNullable<NonNullable<FakeOfficeSetup['signIn']>['nestedAppAuth']>;

/** The host's token broker, as MSAL's BridgeProxy speaks to it. */
function installBroker(naa: NestedAppAuth, state: FakeOfficeState): void {
  const listeners = new Set<(response: string) => void>();
  const account = {
    homeAccountId: `${naa.objectId}.${naa.tenantId}`,
    environment: 'login.microsoftonline.com',
    tenantId: naa.tenantId,
    username: naa.username,
    localAccountId: naa.objectId,
    name: naa.username,
  };
  const respond = (body: Record<string, unknown>) =>
    setTimeout(() => {
      for (const listener of listeners)
        listener(JSON.stringify({ messageType: 'NestedAppAuthResponse', ...body }));
    }, 5);
  window.nestedAppAuthBridge = {
    postMessage(text) {
      const request = JSON.parse(text) as {
        method: string;
        requestId: string;
        tokenParams?: { scope?: string; clientId?: string };
      };
      state.naaRequests.push({ method: request.method, scope: request.tokenParams?.scope ?? null });
      if (request.method === 'GetInitContext')
        return respond({
          requestId: request.requestId,
          success: true,
          initContext: {
            sdkName: 'fake-outlook',
            sdkVersion: '1.0.0',
            capabilities: { queryAccount: false },
            accountContext: {
              homeAccountId: account.homeAccountId,
              environment: account.environment,
              tenantId: naa.tenantId,
            },
          },
        });
      if (request.method === 'GetToken' || request.method === 'GetTokenPopup')
        return respond({
          requestId: request.requestId,
          success: true,
          token: {
            access_token: naa.accessToken,
            id_token: naa.idToken,
            expires_in: 3600,
            scope: request.tokenParams?.scope ?? '',
          },
          account,
        });
      respond({
        requestId: request.requestId,
        success: false,
        error: { status: 'NESTED_APP_AUTH_UNAVAILABLE' },
      });
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
}
