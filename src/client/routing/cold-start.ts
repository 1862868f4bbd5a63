import { isCompanyContext } from '../api/environment';
import { warmDateFormatting } from '../i18n/warm-date-formatting';
import { hasHandoverCode } from '../session/landing';
import { currentSession, documentsAccepted, ensureSession, loadMenuPreferences } from '../session/session';
import { readStored } from '../session/storage';
import { tokenStatus } from '../session/token';
import { applicationOf, guardsOf } from './guards';
import { routesOn } from './table';
import { routeAt, type Surface } from './tree';
import type { ResolvedRoute, RouteParams } from './types';

/**
 * With a token that is still valid, every request the guards and the screen will make is started at
 * once rather than one after the other: the screen's scripts, the session's data, the document
 * check, the menu preferences and the screen's own first answers. Each starts once (the session's
 * functions and the early answers share what is under way), so the guards call this again on their
 * way in. Answers whether this was the way in (no session data yet): the screen's own answers are
 * then on their way as early answers.
 */
export function startColdRequests(route: ResolvedRoute, url: URL, params: RouteParams): boolean {
  if (tokenStatus(readStored('token')) !== 'valid') return false;
  const cold = currentSession() === null;
  // The screen's scripts before the requests: asked for behind them, they waited for a free
  // connection (six a host) and for a server busy with the answers, and came after the answers.
  // A failure here is the router's to report: it asks for them again.
  if (cold) void route.entry.screen().catch(() => undefined);
  void ensureSession();
  if (isCompanyContext()) {
    const applicationId = applicationOf(route);
    if (guardsOf(route).includes('document') && applicationId !== undefined)
      void documentsAccepted(applicationId);
    void loadMenuPreferences();
  }
  // Only on the way in (no session data yet): then the screens are not mounted and take the
  // answers as they mount. Later navigations find the session's facts at hand and fetch on mount.
  if (cold) {
    for (const entry of route.chain) entry.prefetch?.(params, url);
    // While those answers and the screen's scripts are on their way.
    warmDateFormatting();
  }
  return cold;
}

/**
 * The cold start of the page's address, before the router exists: called by the entry's first
 * module (entries/app-cold-start.ts), while the rest of the entry's modules (React, Fluent, the
 * router and its table) are still to be evaluated, which on two cores takes 60–80 ms. The requests
 * go out now (api.getNow) and the server answers while the page gets ready. Not while a hand-over
 * code is in the address: the session it brings replaces the stored one.
 */
export function startColdRequestsAt(surface: Surface, here: Location): void {
  if (hasHandoverCode(here)) return;
  const found = routeAt(routesOn(surface), here.pathname);
  if (found) startColdRequests(found.route, new URL(here.href), found.params);
}
