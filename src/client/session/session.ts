import { atom, createStore } from 'jotai';
import { acceptedByUserPath } from '../../shared/contract/applications';
import type { AcceptedByUserResponse } from '../../shared/contract/applications';
import { authPaths, companyAuth, isHandover } from '../../shared/contract/auth';
import type { InitialData, InitialResponse, LoginResponse, TokenResponse } from '../../shared/contract/auth';
import { menuPreferencesPath } from '../../shared/contract/preferences';
import type { MenuPreference } from '../../shared/contract/preferences';
import { api, refreshSession, setApiHandlers } from '../api/client';
import { apiPrefix, appMode, isCompanyContext } from '../api/environment';
import { clearApiCache } from '../api/swr';
import { addLabels } from '../i18n/i18n';
import { applyDateLocale } from '../i18n/dates';
import { handoverUrl, landingRoute, type LoginMethod } from './landing';
import { clearStoredSession, readStored, writeStored } from './storage';
import { tokenStatus } from './token';

/** The session and UI state (spec §4). This is the only module that imports jotai. */
export const sessionStore = createStore();

/** spec §4: null until known, then true or false. */
export const loggedInAtom = atom<boolean | null>(null);
export const initialDataAtom = atom<InitialData | null>(null);
/** spec §4/§8: the warning modal's message and the route it moves to once dismissed. */
export const warningAtom = atom<{ message: string; route?: string } | null>(null);
export const menuPreferencesAtom = atom<readonly MenuPreference[] | null>(null);

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigate: Navigate = () => undefined;
let routeExists: (name: string) => boolean = () => false;
let pathOf: (name: string) => string = () => '/';

/** The entry wires the router in: the session navigates (after login, logout, a lost session) through it. */
export function connectRouter(next: { navigate: Navigate; exists: (name: string) => boolean; href: (name: string) => string }): void {
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

/** spec §8: a failed refresh (or an unbuildable request) clears storage and goes to login. */
export function loseSession(): void {
  forget();
  navigate('/login');
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

export function landingPath(startupPage: string | null | undefined, method: LoginMethod): string {
  return pathOf(landingRoute({ mode: appMode(), startupPage, method, exists: routeExists }));
}

async function establish(answer: InitialResponse, method: LoginMethod): Promise<string | null> {
  writeStored('token', answer.access_token);
  // The task pane's host names no company: keep the one the answer names (ARCHITECTURE.md).
  if (appMode() === 'addin') writeStored('subdomain', answer.company?.subdomain ?? answer.subdomain ?? null);
  const { access_token: _token, ...data } = answer;
  applyInitialData(data);
  // spec §4: a login that returns a device address sends the browser there (a display, a kiosk).
  const deviceUrl = answer.device?.url;
  if (deviceUrl && appMode() === 'browser' && /^(https?:)?\//i.test(deviceUrl)) {
    window.location.assign(deviceUrl);
    return null;
  }
  return landingPath(answer.startup_page, method);
}

/** POST company/v1/auth/login { token: code }: exchanges a single-use hand-over code for a session. */
export async function exchangeHandover(code: string, subdomain?: string): Promise<string | null> {
  const answer = await api.post<InitialResponse>(
    companyAuth.login,
    { token: code },
    { searchParams: { includes: 'all' }, subdomain, noRefresh: true },
  );
  if (subdomain) writeStored('subdomain', subdomain);
  return establish(answer, 'handover');
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
  if ('user' in answer) return establish(answer, method);
  writeStored('token', (answer as TokenResponse).access_token);
  await loadInitialData();
  return landingPath(sessionStore.get(initialDataAtom)?.startup_page, method);
}

export async function loginWithPassword(email: string, password: string): Promise<string | null> {
  const answer = await api.post<LoginResponse>(
    authPaths(apiPrefix()).login,
    { email, password },
    { searchParams: { includes: 'all' }, noRefresh: true },
  );
  return completeLogin(answer, 'password');
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

async function loadInitialData(): Promise<boolean> {
  try {
    const data = await api.getNow<InitialData>(authPaths(apiPrefix()).initialData, { silent: true });
    applyInitialData(data);
    return true;
  } catch {
    return false;
  }
}

let restoring: Promise<boolean> | null = null;

/**
 * spec §4: a valid token counts as logged in; an expired one is refreshed first. Loads the session's
 * data once per page load. Answers whether the user is logged in.
 */
export function ensureSession(): Promise<boolean> {
  const status = tokenStatus(readStored('token'));
  if (status === 'missing') {
    if (sessionStore.get(loggedInAtom) !== false) forget();
    return Promise.resolve(false);
  }
  if (status === 'valid' && sessionStore.get(initialDataAtom)) return Promise.resolve(true);
  restoring ??= (async () => {
    if (status === 'expired' && !(await refreshSession())) {
      forget();
      return false;
    }
    if (sessionStore.get(initialDataAtom)) return true;
    if (await loadInitialData()) return true;
    forget();
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

export function rememberRedirectRoute(target: string): void {
  writeStored('redirectRoute', target);
}

export function currentSession(): InitialData | null {
  return sessionStore.get(initialDataAtom);
}
