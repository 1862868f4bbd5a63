import ky, { HTTPError, type Options } from 'ky';
import { authPaths } from '../../shared/contract/auth';
import type { RefreshResponse } from '../../shared/contract/auth';
import { firstErrorMessage } from '../../shared/validation/field-errors';
import { readStored, writeStored } from '../session/storage';
import { apiBaseUrl, apiPrefix, currentSubdomain } from './environment';
import { ApiError, readServerError, toApiError } from './errors';

/**
 * The one HTTP client (spec §7, §8). Session effects (a lost session, a server error to show) are
 * handed to whoever registered for them, so this module does not depend on the session store.
 */
export interface ApiHandlers {
  /** the server refused the refresh, or a request could not be built: clear the session, go to login */
  sessionLost(): void;
  /** a server error answer, already reduced to the one message to show */
  serverError(message: string, errorRoute: string | undefined): void;
}
let handlers: ApiHandlers = { sessionLost: () => undefined, serverError: () => undefined };
export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

type CallContext = {
  /** the auth calls themselves never trigger a refresh */
  noRefresh?: boolean;
  /** an explicit Subdomain header (the task pane's hand-over exchange) */
  subdomain?: string;
};

export interface CallOptions {
  searchParams?: Record<string, string | number | boolean | undefined> | URLSearchParams;
  json?: unknown;
  signal?: AbortSignal;
  /** milliseconds; none by default (spec §7) */
  timeout?: number;
  /** spec §8: some calls swallow server errors instead of showing the warning modal */
  silent?: boolean;
  /** the route the warning modal moves to once dismissed */
  errorRoute?: string;
  /** a master or company prefix other than the current site's, or a full subdomain override */
  subdomain?: string;
  noRefresh?: boolean;
}

/**
 * The language the page speaks, sent as every request's `lang`: the one chosen or the signed-in
 * user's (appLang), else the browser's, so that a refusal before sign-in reads like the page.
 */
export function currentLang(): string {
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language?.split('-')[0];
  return readStored('lang') ?? (browser || 'en');
}

/**
 * What a refresh came to: a new token; the server's refusal (any answer without one: the session is
 * over); or no answer at all (no connection, the server out of reach), which says nothing about the
 * session: it stays, and the app shows what it kept (the service worker's answers) until a call
 * reaches the server again.
 */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * POST {prefix}/auth/refresh with the current bearer and an empty body. Concurrent 401s share one
 * refresh: the server rotates the token, so a second refresh with the old one would be refused.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    if (!readStored('token')) return 'refused';
    try {
      const answer = await http
        .post(strip(authPaths(apiPrefix()).refresh), {
          searchParams: withLang(authPaths(apiPrefix()).refresh, undefined),
          context: { noRefresh: true } satisfies CallContext,
        })
        .json<RefreshResponse>();
      if (!answer?.access_token) return 'refused';
      writeStored('token', answer.access_token);
      return 'refreshed';
    } catch (error) {
      // An answer from the server (401, or any other status) ends the session; no answer does not.
      return error instanceof HTTPError ? 'refused' : 'unreachable';
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** spec §7: the bearer token, when there is one, and the company's Subdomain on a company site. */
function sessionHeaders(subdomain: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = readStored('token');
  if (token) headers.Authorization = `Bearer ${token}`;
  const company = subdomain ?? currentSubdomain();
  if (company) headers.Subdomain = company;
  return headers;
}

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

const http = ky.create({
  prefixUrl: apiBaseUrl(),
  timeout: false,
  cache: 'no-store',
  throwHttpErrors: true,
  // Only the forced retry after a refresh (below) ever happens, and only once per request.
  retry: { limit: 1, methods: [], statusCodes: [] },
  headers: JSON_HEADERS,
  hooks: {
    beforeRequest: [
      (request, options) => {
        const context = options.context as CallContext;
        request.headers.delete('Authorization');
        for (const [name, value] of Object.entries(sessionHeaders(context.subdomain)))
          request.headers.set(name, value);
        // A JSON content type over an empty body (refresh, a bodiless DELETE) is a malformed JSON
        // request to most servers (Fastify answers 400); GETs keep it as spec §7 asks.
        if (request.body === null && request.method !== 'GET' && request.method !== 'HEAD')
          request.headers.delete('Content-Type');
      },
    ],
    afterResponse: [
      async (request, options, response, state) => {
        const context = options.context as CallContext;
        if (response.status !== 401 || state.retryCount > 0 || context.noRefresh) return;
        const stored = readStored('token');
        if (!stored) return;
        // Refreshed meanwhile (another call, the realtime socket): retry with the new token; a second
        // refresh would spend it for nothing.
        if (request.headers.get('Authorization') !== `Bearer ${stored}`)
          return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
        const refreshed = await refreshSession();
        if (refreshed === 'refreshed') return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
        // Refused: the session is over. Unreachable: the call fails with its 401, the session stays.
        if (refreshed === 'refused') handlers.sessionLost();
      },
    ],
  },
});

/**
 * spec §7: every request carries a lang parameter unless it already has one. Added to the options,
 * not by rebuilding the Request in a hook: a rebuilt Request would have to stream its body.
 */
function withLang(path: string, searchParams: CallOptions['searchParams']): URLSearchParams {
  const params = new URLSearchParams();
  if (searchParams instanceof URLSearchParams)
    searchParams.forEach((value, key) => params.append(key, value));
  else if (searchParams)
    for (const [key, value] of Object.entries(searchParams))
      if (value !== undefined) params.set(key, String(value));
  const inPath = new URLSearchParams(path.split('?')[1] ?? '');
  if (!params.has('lang') && !inPath.has('lang')) params.set('lang', currentLang());
  return params;
}

// ky refuses a leading slash together with prefixUrl; the contract's paths all start with /api.
function strip(path: string): string {
  return path.replace(/^\/+/, '');
}

async function call<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: CallOptions = {},
  read: 'json' | 'blob' = 'json',
): Promise<T> {
  const { silent, errorRoute, subdomain, noRefresh, ...rest } = options;
  const context: CallContext & Record<string, unknown> = { noRefresh, subdomain };
  const kyOptions: Options = { ...rest, method, context, searchParams: withLang(path, rest.searchParams) };
  if (kyOptions.timeout === undefined) delete kyOptions.timeout;
  let pending;
  try {
    pending = http(strip(path), kyOptions);
  } catch (error) {
    // spec §8: a request that cannot be built clears the session
    handlers.sessionLost();
    throw toApiError(error);
  }
  try {
    return (read === 'blob' ? await pending.blob() : await pending.json<T>()) as T;
  } catch (error) {
    const body = error instanceof HTTPError ? await readServerError(error.response) : null;
    const failure = toApiError(error, {
      callerAborted: options.signal?.aborted === true,
      body,
      timeoutMs: options.timeout ?? 0,
    });
    // A 401 on a normal call was already handled by the refresh (or the move to login).
    const handled401 = failure.status === 401 && !noRefresh;
    if (body && !silent && !handled401)
      handlers.serverError(firstErrorMessage(body, failure.message), errorRoute);
    throw failure;
  }
}

/** What a call sent at once may carry: it has neither a timeout nor a signal. */
export type NowOptions = Pick<CallOptions, 'searchParams' | 'silent' | 'errorRoute' | 'subdomain'>;

/**
 * A call sent before the calling task ends. ky sends after a microtask, so a request started while
 * the entry's modules are still being evaluated (the cold start, routing/cold-start.ts) would leave
 * only once all of them have run: 60–80 ms later on two cores. A success is read here; anything
 * else (an error answer, no answer) is asked again through `call`, which refreshes the token,
 * reports and throws as every other call does: one request more, and only after a failure.
 */
function callNow<T>(
  method: 'get' | 'post',
  path: string,
  options: NowOptions & { json?: unknown },
): Promise<T> {
  const { json, subdomain } = options;
  let url = `${apiBaseUrl()}/${strip(path)}`;
  const params = withLang(path, options.searchParams).toString();
  // As ky does: the parameters, when there are any, replace the path's own query.
  if (params) url = url.replace(/(?:\?.*?)?(?=#|$)/, `?${params}`);
  let sent: Promise<Response>;
  const headers = sessionHeaders(subdomain);
  // The answer's fallback (a refresh, a retry) goes to the same company: a session lost meanwhile has
  // cleared the stored one, and a company call without it was "Company not found." (issue 41).
  const company = subdomain ?? headers.Subdomain;
  try {
    sent = fetch(url, {
      method: method.toUpperCase(),
      cache: 'no-store',
      headers: { ...JSON_HEADERS, ...headers },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (error) {
    sent = Promise.reject(error);
  }
  return sent
    .then((response) => (response.ok ? (response.json() as Promise<T>) : Promise.reject(response)))
    .catch(() => call<T>(method, path, { ...options, subdomain: company }));
}

export const api = {
  get: <T>(path: string, options?: CallOptions) => call<T>('get', path, options),
  /** an image or file that needs the bearer token (an <img src> cannot send it) */
  getBlob: (path: string, options?: CallOptions) => call<Blob>('get', path, options, 'blob'),
  post: <T>(path: string, json?: unknown, options?: CallOptions) =>
    call<T>('post', path, { ...options, json: json ?? {} }),
  /** a file the server makes from a posted body (a report's export, a badge's PDF) */
  postBlob: (path: string, json?: unknown, options?: CallOptions) =>
    call<Blob>('post', path, { ...options, json: json ?? {} }, 'blob'),
  put: <T>(path: string, json?: unknown, options?: CallOptions) =>
    call<T>('put', path, { ...options, json: json ?? {} }),
  delete: <T>(path: string, options?: CallOptions) => call<T>('delete', path, options),
  /** GET sent before the calling task ends (callNow): for the requests a cold start begins with */
  getNow: <T>(path: string, options: NowOptions = {}) => callNow<T>('get', path, options),
  /** POST sent before the calling task ends (callNow) */
  postNow: <T>(path: string, json?: unknown, options: NowOptions = {}) =>
    callNow<T>('post', path, { ...options, json: json ?? {} }),
};

export { ApiError };
