import type { HandoverResponse } from '../../shared/contract/auth';
import { startupRoute } from '../../shared/contract/startup';
import { companyHost, masterHostOf } from '../../shared/tenancy/subdomain';
import type { AppMode } from '../api/environment';

export type LoginMethod = 'password' | 'code' | 'handover';

/**
 * spec §4: after a login the add-in goes to its Outlook page, the scheduler to the scheduler,
 * otherwise home, or to the page startup_page names. Code login lands on the profile. A route that
 * the table does not have (a screen not built yet) falls back to home.
 */
export function landingRoute({
  mode,
  startupPage,
  method,
  exists,
}: {
  mode: AppMode;
  startupPage: string | null | undefined;
  method: LoginMethod;
  exists: (routeName: string) => boolean;
}): string {
  const or = (name: string | null) => (name && exists(name) ? name : 'r_home');
  if (mode === 'addin') return or('r_outlook');
  if (mode === 'scheduler') return or('r_scheduler');
  if (method === 'code') return or('r_profile');
  return or(startupRoute(startupPage));
}

const HANDOVER_PARAM = 'handover';

/** spec §4: where the browser goes with a hand-over answer (the code, never the session token). */
export function handoverUrl(here: Pick<Location, 'protocol' | 'host'>, answer: HandoverResponse): string {
  const host = companyHost(masterHostOf(here.host), answer.subdomain);
  return `${here.protocol}//${host}/login?${HANDOVER_PARAM}=${encodeURIComponent(answer.handover_code)}`;
}

/** The master area's companies, from a company host (where an impersonation ends). */
export function masterAreaUrl(here: Pick<Location, 'protocol' | 'host'>): string {
  return `${here.protocol}//${masterHostOf(here.host)}/cx-manage-companies`;
}

/** Whether the address carries a hand-over code (takeHandoverCode has not taken it yet). */
export function hasHandoverCode(here: Pick<Location, 'search'>): boolean {
  return new URLSearchParams(here.search).has(HANDOVER_PARAM);
}

/**
 * Takes a hand-over code out of the address (so it is neither bookmarked nor re-sent) and answers it.
 * The address is rewritten with replaceState: the browser app only, never the task pane.
 */
export function takeHandoverCode(
  here: Pick<Location, 'pathname' | 'search' | 'hash'>,
  replace: (url: string) => void,
): string | null {
  const params = new URLSearchParams(here.search);
  const code = params.get(HANDOVER_PARAM);
  if (!code) return null;
  params.delete(HANDOVER_PARAM);
  const rest = params.toString();
  replace(`${here.pathname}${rest ? `?${rest}` : ''}${here.hash}`);
  return code;
}
