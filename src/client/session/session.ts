import { atom, createStore } from 'jotai';
import { acceptedByUserPath } from '../../shared/contract/applications';
import type { AcceptedByUserResponse } from '../../shared/contract/applications';
import {
  authPaths,
  CODE_MAILED_INSTEAD,
  companyAuth,
  isHandover,
  isTwoFactorChallenge,
} from '../../shared/contract/auth';
import type {
  InitialData,
  InitialResponse,
  LoginResponse,
  TokenResponse,
  TwoFactorChallenge,
} from '../../shared/contract/auth';
import {
  twoFactorPaths,
  twoFactorPathsOf,
  type SetupSignInResponse,
  type TwoFactorSetup,
} from '../../shared/contract/two-factor';
import { menuPreferencesPath } from '../../shared/contract/preferences';
import type { MenuPreference } from '../../shared/contract/preferences';
import { api, refreshSession, setApiHandlers } from '../api/client';
import { ApiError, errorMessage } from '../api/errors';
import { apiPrefix, appMode, isCompanyContext } from '../api/environment';
import { clearApiCache } from '../api/swr';
import { addLabels } from '../i18n/i18n';
import { applyDateLocale } from '../i18n/dates';
import { handoverUrl, landingRoute, masterAreaUrl, type LoginMethod } from './landing';
import { clearStoredSession, readStored, writeStored } from './storage';
import { tokenStatus } from './token';
import { rememberable } from '../routing/guards';

/** The session and UI state (spec §4). This is the only module that imports jotai. */
export const sessionStore = createStore();

/** spec §4: null until known, then true or false. */
export const loggedInAtom = atom<boolean | null>(null);
export const initialDataAtom = atom<InitialData | null>(null);
/** spec §4/§8: the warning modal's message and the route it moves to once dismissed. */
export const warningAtom = atom<{ message: string; route?: string } | null>(null);
export const menuPreferencesAtom = atom<readonly MenuPreference[] | null>(null);
/** A sign-in waiting on its second step (two-factor): the login screen shows that step while set. */
export const pendingTwoFactorAtom = atom<(TwoFactorChallenge & { method: LoginMethod }) | null>(null);

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigate: Navigate = () => undefined;
let routeExists: (name: string) => boolean = () => false;
let pathOf: (name: string) => string = () => '/';

/** The entry wires the router in: the session navigates (after login, logout, a lost session) through it. */
export function connectRouter(next: {
  navigate: Navigate;
  exists: (name: string) => boolean;
  href: (name: string) => string;
}): void {
  navigate = next.navigate;
  routeExists = next.exists;
  pathOf = next.href;
}

export function showWarning(message: string, route?: string): void {
  sessionStore.set(warningAtom, { message, route });
}

/** spec §4: dismissing clears the message and navigates to the stored route, if any. */
export function dismissWarning(): void {
  const warning = sessionStore.get(warningAtom);
  sessionStore.set(warningAtom, null);
  if (warning?.route) navigate(warning.route);
}

function forget(): void {
  clearStoredSession();
  sessionStore.set(initialDataAtom, null);
  sessionStore.set(menuPreferencesAtom, null);
  sessionStore.set(loggedInAtom, false);
  accepted.clear();
  checking.clear();
  void clearApiCache();
}

/**
 * spec §8: a refresh the server refused (or an unbuildable request) clears storage and goes to login;
 * a refresh with no answer (no connection) does not. A platform administrator's impersonation,
 * which cannot be refreshed, returns to the master area instead.
 */
export function loseSession(): void {
  const impersonating = Boolean(sessionStore.get(initialDataAtom)?.impersonation);
  forget();
  if (impersonating) window.location.assign(masterAreaUrl(window.location));
  else navigate('/login');
}

/** "End" on the impersonation banner, or its time is up: the session ends and the master area returns. */
export async function endImpersonation(): Promise<void> {
  try {
    await api.get(authPaths(apiPrefix()).logout, { silent: true, noRefresh: true });
  } catch {
    // Ended (or run out) on the server either way.
  }
  forget();
  window.location.assign(masterAreaUrl(window.location));
}

setApiHandlers({ sessionLost: loseSession, serverError: (message, route) => showWarning(message, route) });

function applyInitialData(data: InitialData): void {
  sessionStore.set(initialDataAtom, data);
  sessionStore.set(loggedInAtom, true);
  const language = data.user.language;
  writeStored('lang', language.code);
  writeStored('userLangId', String(data.user.language_id));
  addLabels(language.code, data.labels);
  void applyDateLocale(language.code);
}

/**
 * A sign-in's answer carries the session's data, so the app never asks for it, and the service
 * worker keeps only the answers to what is asked for (a GET). Where a worker controls the page, the
 * data is asked for once more, in the background, for the worker to keep: the app then opens
 * without a connection (the next morning at the door) with the session's data. A page that was
 * opened with the session (a reload) has asked for it already (ensureSession).
 */
function keepForOffline(): void {
  if (appMode() !== 'browser' || !globalThis.navigator?.serviceWorker?.controller) return;
  void api.get(authPaths(apiPrefix()).initialData, { silent: true }).catch(() => undefined);
}

export function landingPath(startupPage: string | null | undefined, method: LoginMethod): string {
  return pathOf(landingRoute({ mode: appMode(), startupPage, method, exists: routeExists }));
}

/** Where a sign-in just completed goes: the address a signed-out visit asked for, else the landing. */
function pathAfterLogin(startupPage: string | null | undefined, method: LoginMethod): string {
  const remembered = appMode() === 'browser' && method !== 'code' ? takeRedirectRoute() : null;
  return remembered ?? landingPath(startupPage, method);
}

/** The address a signed-out visit asked for (the auth guard remembered it), taken once. */
function takeRedirectRoute(): string | null {
  const target = readStored('redirectRoute');
  if (target) writeStored('redirectRoute', null);
  return target && rememberable(target) ? target : null;
}

async function establish(answer: InitialResponse, method: LoginMethod): Promise<string | null> {
  writeStored('token', answer.access_token);
  // The task pane's host names no company: keep the one the answer names (ARCHITECTURE.md).
  if (appMode() === 'addin') writeStored('subdomain', answer.company?.subdomain ?? answer.subdomain ?? null);
  const { access_token: _token, ...data } = answer;
  applyInitialData(data);
  keepForOffline();
  // spec §4: a login that returns a device address sends the browser there (a display, a kiosk).
  const deviceUrl = answer.device?.url;
  if (deviceUrl && appMode() === 'browser' && /^(https?:)?\//i.test(deviceUrl)) {
    window.location.assign(deviceUrl);
    return null;
  }
  return pathAfterLogin(answer.startup_page, method);
}

/** POST company/v1/auth/login { token: code }: exchanges a single-use hand-over code for a session. */
export async function exchangeHandover(code: string, subdomain?: string): Promise<string | null> {
  const answer = await api.post<InitialResponse | TwoFactorChallenge>(
    companyAuth.login,
    { token: code },
    { searchParams: { includes: 'all' }, subdomain, noRefresh: true },
  );
  if (subdomain) writeStored('subdomain', subdomain);
  return completeLogin(answer, 'handover');
}

/**
 * spec §4: what to do with a login answer. A company user on the master host gets a hand-over:
 * the browser moves to the company host with the code; the task pane, whose address does not
 * matter, exchanges the code itself. Answers the path to go to, or null when the page is leaving.
 */
export async function completeLogin(answer: LoginResponse, method: LoginMethod): Promise<string | null> {
  if (isHandover(answer)) {
    if (appMode() === 'addin') return exchangeHandover(answer.handover_code, answer.subdomain);
    window.location.assign(handoverUrl(window.location, answer));
    return null;
  }
  if (isTwoFactorChallenge(answer)) {
    sessionStore.set(pendingTwoFactorAtom, { ...answer, method });
    return pathOf('r_login');
  }
  if ('user' in answer) return establish(answer, method);
  writeStored('token', (answer as TokenResponse).access_token);
  await loadInitialData();
  return pathAfterLogin(sessionStore.get(initialDataAtom)?.startup_page, method);
}

/**
 * The login answers the login screen shows itself rather than in the warning modal (issue 37): the
 * throttle's e-mailed code (it moves to the code step) and a 429 with its wait.
 */
export type LoginRefusal =
  { kind: 'code-mailed' } | { kind: 'throttled'; message: string; retryAfterSeconds: number | null };

export function loginRefusal(error: unknown): LoginRefusal | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  if (error.status === 401 && error.body.message === CODE_MAILED_INSTEAD) return { kind: 'code-mailed' };
  if (error.status === 429)
    return { kind: 'throttled', message: error.body.message, retryAfterSeconds: error.retryAfterSeconds };
  return null;
}

export async function loginWithPassword(email: string, password: string): Promise<string | null> {
  let answer: LoginResponse;
  try {
    answer = await api.post<LoginResponse>(
      authPaths(apiPrefix()).login,
      { email, password },
      { searchParams: { includes: 'all' }, noRefresh: true, silent: true },
    );
  } catch (error) {
    // Every other server answer goes to the warning modal, as every call's does (spec §8).
    if (error instanceof ApiError && error.body && !loginRefusal(error)) showWarning(errorMessage(error));
    throw error;
  }
  return completeLogin(answer, 'password');
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export async function answerTwoFactor(code: string): Promise<string | null> {
  const pending = sessionStore.get(pendingTwoFactorAtom);
  if (!pending) return pathOf('r_login');
  const answer = await api.post<InitialResponse>(
    twoFactorPathsOf(apiPrefix()).loginVerify,
    { challenge: pending.challenge, code },
    { searchParams: { includes: 'all' }, noRefresh: true, silent: true },
  );
  sessionStore.set(pendingTwoFactorAtom, null);
  return establish(answer, pending.method);
}

/** An administrator the company requires it of, at sign-in: the secret for the authenticator app. */
export async function startTwoFactorSetupAtSignIn(): Promise<TwoFactorSetup> {
  const pending = sessionStore.get(pendingTwoFactorAtom);
  if (!pending) throw new Error('No sign-in is waiting for two-factor set-up.');
  return api.post<TwoFactorSetup>(
    twoFactorPaths.loginSetup,
    { challenge: pending.challenge },
    { noRefresh: true, silent: true },
  );
}

/** An administrator setting up two-factor sign-in at sign-in: the first code turns it on. */
export async function enableTwoFactorAtSignIn(code: string): Promise<SetupSignInResponse> {
  const pending = sessionStore.get(pendingTwoFactorAtom);
  if (!pending) throw new Error('No sign-in is waiting for two-factor set-up.');
  return api.post<SetupSignInResponse>(
    twoFactorPaths.loginEnable,
    { challenge: pending.challenge, code },
    { noRefresh: true, silent: true },
  );
}

/** Once the recovery codes are kept: the session the set-up opened. */
export async function finishTwoFactorSetup(answer: SetupSignInResponse): Promise<string | null> {
  const method = sessionStore.get(pendingTwoFactorAtom)?.method ?? 'password';
  sessionStore.set(pendingTwoFactorAtom, null);
  const { recovery_codes: _codes, ...session } = answer;
  return establish(session, method);
}

export function cancelTwoFactor(): void {
  sessionStore.set(pendingTwoFactorAtom, null);
}

export async function requestLoginCode(email: string): Promise<void> {
  await api.post(authPaths(apiPrefix()).tempCode, { email }, { noRefresh: true });
}

export async function loginWithCode(email: string, code: string): Promise<string | null> {
  const answer = await api.post<LoginResponse>(
    authPaths(apiPrefix()).tempCode,
    { email, code },
    { searchParams: { includes: 'all' }, noRefresh: true },
  );
  return completeLogin(answer, 'code');
}

/**
 * GET initial-data: 'loaded', or why not: 'refused' (the server answered otherwise) or 'unreachable'
 * (no answer, and no kept one from the service worker).
 */
async function loadInitialData(): Promise<'loaded' | 'refused' | 'unreachable'> {
  try {
    const data = await api.getNow<InitialData>(authPaths(apiPrefix()).initialData, { silent: true });
    applyInitialData(data);
    return 'loaded';
  } catch (error) {
    return error instanceof ApiError && error.status === null ? 'unreachable' : 'refused';
  }
}

let restoring: Promise<boolean> | null = null;

/**
 * spec §4: a valid token counts as logged in; an expired one is refreshed first. Loads the session's
 * data once per page load. Answers whether the user is logged in.
 *
 * Only the server ends a session here: a refresh it refuses, or session data it will not give. With
 * no connection (the phone at the door) the session stays: an expired token is kept as it is and the
 * session's data is the service worker's kept answer, so the kept bookings and passes show; the
 * first call that reaches the server again refreshes the token. With nothing kept either, the user
 * is not logged in on this page, yet the stored session is left for when the connection returns.
 */
export function ensureSession(): Promise<boolean> {
  const status = tokenStatus(readStored('token'));
  if (status === 'missing') {
    if (sessionStore.get(loggedInAtom) !== false) forget();
    return Promise.resolve(false);
  }
  if (status === 'valid' && sessionStore.get(initialDataAtom)) return Promise.resolve(true);
  restoring ??= (async () => {
    if (status === 'expired' && (await refreshSession()) === 'refused') {
      forget();
      return false;
    }
    if (sessionStore.get(initialDataAtom)) return true;
    const loaded = await loadInitialData();
    if (loaded === 'loaded') return true;
    if (loaded === 'refused') forget();
    else sessionStore.set(loggedInAtom, false);
    return false;
  })().finally(() => {
    restoring = null;
  });
  return restoring;
}

/** spec §4: logout calls the server, clears the session and returns to login. */
export async function logout(): Promise<void> {
  try {
    await api.get(authPaths(apiPrefix()).logout, { silent: true, noRefresh: true });
  } catch {
    // The session ends here either way.
  }
  forget();
  navigate('/login', { replace: true });
}

/** spec §6: menu preferences are loaded once (company sites only). */
let menuLoad: Promise<void> | null = null;
export function loadMenuPreferences(): Promise<void> {
  if (!isCompanyContext() || sessionStore.get(menuPreferencesAtom)) return Promise.resolve();
  menuLoad ??= api
    .getNow<{ data: MenuPreference[] }>(menuPreferencesPath, { silent: true })
    .then((answer) => sessionStore.set(menuPreferencesAtom, answer.data))
    .catch(() => sessionStore.set(menuPreferencesAtom, []))
    .finally(() => {
      menuLoad = null;
    });
  return menuLoad;
}

const accepted = new Map<number, boolean>();
/** checks under way, so the guard and an early start share one request */
const checking = new Map<number, Promise<boolean>>();

/**
 * spec §6 document guard facts: GET applications/{id}/accepted-by-user, remembered once accepted.
 * A failed check does not lock the user out: the server still refuses what it must.
 */
export function documentsAccepted(applicationId: number): Promise<boolean> {
  if (accepted.get(applicationId)) return Promise.resolve(true);
  const under = checking.get(applicationId);
  if (under) return under;
  const check: Promise<boolean> = api
    .getNow<AcceptedByUserResponse>(acceptedByUserPath(applicationId), { silent: true })
    .then((answer) => {
      accepted.set(applicationId, answer.accepted);
      return answer.accepted;
    })
    .catch(() => true)
    .finally(() => {
      if (checking.get(applicationId) === check) checking.delete(applicationId);
    });
  checking.set(applicationId, check);
  return check;
}

/**
 * The user has just accepted an application's documents (/accept-documents): the guard lets them
 * through from now on, and they go back to the address the guard remembered (null: none kept).
 */
export function documentsNowAccepted(applicationId: number): string | null {
  accepted.set(applicationId, true);
  return takeRedirectRoute();
}

export function rememberRedirectRoute(target: string): void {
  writeStored('redirectRoute', target);
}

export function currentSession(): InitialData | null {
  return sessionStore.get(initialDataAtom);
}
