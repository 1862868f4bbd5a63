import { redirect } from 'react-router-dom';
import { isCompanyContext } from '../api/environment';
import { refreshSession } from '../api/client';
import {
  currentSession,
  documentsAccepted,
  ensureSession,
  landingPath,
  loadMenuPreferences,
  rememberRedirectRoute,
} from '../session/session';
import { warmDateFormatting } from '../i18n/warm-date-formatting';
import { readStored } from '../session/storage';
import { tokenStatus } from '../session/token';
import {
  applicationOf,
  authDecision,
  authStep,
  documentDecision,
  guardsOf,
  mainDecision,
  permissionDecision,
  platformDecision,
  requirementsOf,
  type GuardDecision,
  type GuardName,
} from './guards';
import { href, routeExists } from './table';
import type { ResolvedRoute, RouteParams } from './types';

type Facts = { route: ResolvedRoute; url: URL; company: boolean };

const NAMED: Record<GuardName, (facts: Facts) => Promise<GuardDecision>> = {
  auth: async ({ url }) => {
    let step = authStep(tokenStatus(readStored('token')));
    if (step === 'refresh') step = (await refreshSession()) && (await ensureSession()) ? 'pass' : 'login';
    return authDecision(step, url.search);
  },
  platform: async ({ company }) =>
    platformDecision({ company, isPlatformAdmin: currentSession()?.user.is_platform_admin === true }),
  permission: async ({ route, company }) =>
    permissionDecision({
      company,
      permissions: currentSession()?.general_permissions ?? [],
      requirements: requirementsOf(route),
    }),
  document: async ({ route, url, company }) => {
    const applicationId = applicationOf(route);
    if (!company || applicationId === undefined) return { kind: 'pass' };
    return documentDecision({
      company,
      accepted: await documentsAccepted(applicationId),
      target: url.pathname + url.search,
      acceptPath: routeExists('r_accept-documents') ? href('r_accept-documents', { applicationId }) : null,
    });
  },
  menuPreference: async () => {
    await loadMenuPreferences();
    return { kind: 'pass' };
  },
};

function toResponse(decision: GuardDecision): Response {
  if (decision.kind !== 'redirect') throw new Error('not a redirect');
  if (decision.remember) rememberRedirectRoute(decision.remember);
  return redirect(decision.to);
}

/**
 * With a token that is still valid, every request the guards and the screen will make is started at
 * once rather than one after the other: the session's data, the document check, the menu
 * preferences and the screen's own first answers. The decisions are still taken in order.
 */
function startEverything(route: ResolvedRoute, url: URL, params: RouteParams): void {
  if (tokenStatus(readStored('token')) !== 'valid') return;
  const cold = currentSession() === null;
  void ensureSession();
  if (isCompanyContext()) {
    const guards = guardsOf(route);
    const applicationId = applicationOf(route);
    if (guards.includes('document') && applicationId !== undefined) void documentsAccepted(applicationId);
    void loadMenuPreferences();
  }
  // Only on the way in (no session data yet): then the screens are not mounted and take the
  // answers as they mount. Later navigations find the session's facts at hand and fetch on mount.
  if (cold) {
    for (const entry of route.chain) entry.prefetch?.(params, url);
    // While those answers and the screen's scripts are on their way.
    warmDateFormatting();
  }
}

/** spec §6: main first, then the route's named guards in their declared order; the first redirect wins. */
export async function runGuards(
  route: ResolvedRoute,
  request: Request,
  params: RouteParams = {},
): Promise<Response | null> {
  const url = new URL(request.url);
  startEverything(route, url, params);
  const loggedIn = await ensureSession();
  const main = mainDecision({
    loggedIn,
    routeName: route.entry.name,
    landingPath: landingPath(currentSession()?.startup_page, 'password'),
  });
  if (main.kind === 'redirect') return toResponse(main);
  const facts: Facts = { route, url, company: isCompanyContext() };
  for (const guard of guardsOf(route)) {
    const decision = await NAMED[guard](facts);
    if (decision.kind === 'redirect') return toResponse(decision);
  }
  // Menu preferences also drive the side menu on routes that name none.
  if (loggedIn) void loadMenuPreferences();
  return null;
}
