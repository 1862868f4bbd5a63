import { z } from 'zod';
import { email, requiredText } from '../validation/schemas';
import { MASTER_PREFIX } from './common';

/**
 * Signing in from the Outlook add-in (issue 41). The pane's host names no company, so these are
 * master-host routes: they answer a hand-over code for the company found, which the pane exchanges
 * on that company's API as any hand-over (`POST company/v1/auth/login { token }`).
 */
export const addinSignInPaths = {
  /** GET: whether Microsoft 365 sign-in is set up (the add-in's app registration); POST { token }: sign in */
  microsoft: `${MASTER_PREFIX}/auth/microsoft`,
  /** GET ?email=: where an address of a single sign-on domain signs in, from the sign-in dialog */
  ssoRealm: `${MASTER_PREFIX}/auth/sso-realm`,
};

/** The sign-in dialog's page, on the pane's own origin, where every dialog sign-in ends. */
export const ADDIN_DIALOG_PAGE = '/addin-sign-in.html';
/** `surface=addin` on an SSO start: the answer comes back to the dialog page, not the browser app. */
export const ADDIN_SURFACE = 'addin';

export const MicrosoftSignInOptions = z.object({
  /** the Entra ID app registration's client id; null: Microsoft 365 sign-in is not offered */
  client_id: z.string().nullable(),
});
export type MicrosoftSignInOptions = z.infer<typeof MicrosoftSignInOptions>;

/** An Entra ID access token for the add-in's app registration, from nested app authentication. */
export const MicrosoftSignInBody = z.strictObject({ token: requiredText(16384) });

export const SsoRealmQuery = z.object({ email: email() });
export const SsoRealmResponse = z.object({ login_url: z.string().nullable() });
export type SsoRealmResponse = z.infer<typeof SsoRealmResponse>;

/** What the dialog page sends the pane (Office.context.ui.messageParent), as JSON. */
export type DialogMessage =
  { kind: 'handover'; subdomain: string; handover_code: string } | { kind: 'cancelled' };

export const ADDIN_SIGN_IN_MESSAGES = {
  notSetUp: 'Microsoft 365 sign-in is not set up on this server.',
  unknownTenant:
    'Your Microsoft 365 organisation is not connected to Workplace. Sign in with your Workplace account, or ask your administrator to connect it.',
  unknownUser: (address: string) =>
    `No Workplace account exists for ${address}. Please ask your administrator to create one.`,
  otherIdentity: (address: string) =>
    `The Workplace account of ${address} is linked to another Microsoft 365 account.`,
  severalCompanies: (address: string) =>
    `${address} has accounts in several companies. Please sign in with your Workplace account.`,
} as const;
