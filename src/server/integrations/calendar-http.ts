/**
 * What the calendar clients (Microsoft Graph, Google Calendar, CalDAV) share: an injectable fetch
 * (the connector module hands in the outbound-URL guard for addresses an administrator typed), the
 * throttling rule (429, or 503, with Retry-After is waited out and retried) and OAuth2 tokens
 * (client credentials for Microsoft, a service account's signed assertion for Google).
 */
import { importPKCS8, SignJWT } from 'jose';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  /** attempts in all, the first included */
  attempts: number;
  /** a Retry-After longer than this is not waited for: the job is retried later instead */
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  maxWaitMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** An answer the caller did not expect; `retryAfterMs` when the service asked to come back later. */
export class CalendarServiceError extends Error {
  constructor(
    readonly service: string,
    readonly status: number,
    readonly body: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`${service} answered ${status}${body ? `: ${body.slice(0, 300)}` : ''}`);
    this.name = 'CalendarServiceError';
  }
}

/** Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * fetch that waits out throttling: a 429 (or 503) with Retry-After is retried after the wait the
 * service asked for, up to the policy's attempts; without Retry-After it backs off exponentially.
 * Answers the last response when the attempts run out (the caller turns it into an error).
 */
export async function fetchRespectingThrottling(
  fetchFn: FetchLike,
  url: string | URL,
  init: RequestInit,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetchFn(url, init);
    if (response.status !== 429 && response.status !== 503) return response;
    const asked = retryAfterMs(response.headers.get('retry-after'));
    const wait = asked ?? 2 ** attempt * 250;
    if (attempt >= policy.attempts || wait > policy.maxWaitMs) return response;
    await response.arrayBuffer();
    await policy.sleep(wait);
  }
}

export async function failure(service: string, response: Response): Promise<CalendarServiceError> {
  const body = await response.text().catch(() => '');
  const after =
    response.status === 429 || response.status === 503
      ? (retryAfterMs(response.headers.get('retry-after')) ?? 60_000)
      : null;
  return new CalendarServiceError(service, response.status, body, after);
}

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
}

/** A bearer token for a service: fetched when first needed, `invalidate` after a 401. */
export interface AccessToken {
  get(): Promise<string>;
  invalidate(): void;
}

/**
 * An OAuth2 access token from a token endpoint, fetched when first needed and kept until a minute
 * before it expires; concurrent callers share one request. Subclasses say what the grant posts.
 */
abstract class EndpointToken implements AccessToken {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly service: string,
    private readonly tokenUrl: string,
    private readonly fetchFn: FetchLike,
    private readonly retry: RetryPolicy,
  ) {}

  protected abstract grant(): Promise<URLSearchParams>;

  async get(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  invalidate(): void {
    this.token = null;
  }

  private async fetchToken(): Promise<string> {
    const response = await fetchRespectingThrottling(
      this.fetchFn,
      this.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: await this.grant(),
      },
      this.retry,
    );
    if (!response.ok) throw await failure(`${this.service} token endpoint`, response);
    const answer = (await response.json()) as TokenAnswer;
    if (typeof answer.access_token !== 'string') {
      throw new CalendarServiceError(`${this.service} token endpoint`, response.status, 'no access_token');
    }
    const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
    this.token = { value: answer.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 };
    return answer.access_token;
  }
}

/** The OAuth2 client-credentials grant (RFC 6749 §4.4), as Microsoft identity platform takes it. */
export class ClientCredentialsToken extends EndpointToken {
  constructor(
    service: string,
    private readonly credentials: ClientCredentials,
    fetchFn: FetchLike,
    retry: RetryPolicy,
  ) {
    super(service, credentials.tokenUrl, fetchFn, retry);
  }

  protected grant(): Promise<URLSearchParams> {
    return Promise.resolve(
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.credentials.clientId,
        client_secret: this.credentials.clientSecret,
        scope: this.credentials.scope,
      }),
    );
  }
}

export interface ServiceAccount {
  tokenUrl: string;
  /** the service account's e-mail (the JWT's issuer) */
  email: string;
  /** its private key, PKCS#8 PEM as in Google's JSON key file */
  privateKey: string;
  scope: string;
}

/** An assertion is good for at most an hour (Google refuses longer ones). */
const ASSERTION_SECONDS = 3600;

/**
 * A service account's token (RFC 7523 JWT bearer grant), as Google's token endpoint takes it
 * (https://developers.google.com/identity/protocols/oauth2/service-account#httprest): a JWT
 * signed RS256 with the account's key, its issuer the account, its audience the token endpoint.
 */
export class ServiceAccountToken extends EndpointToken {
  private key: Promise<CryptoKey> | null = null;

  constructor(
    service: string,
    private readonly account: ServiceAccount,
    fetchFn: FetchLike,
    retry: RetryPolicy,
  ) {
    super(service, account.tokenUrl, fetchFn, retry);
  }

  protected async grant(): Promise<URLSearchParams> {
    this.key ??= importPKCS8(this.account.privateKey, 'RS256');
    const issuedAt = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: this.account.scope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.account.email)
      .setAudience(this.account.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_SECONDS)
      .sign(await this.key);
    return new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
  }
}

/** Sends a request with the bearer token; a 401 gets one new token and one more try. */
export async function authorizedFetch(
  service: string,
  token: AccessToken,
  fetchFn: FetchLike,
  retry: RetryPolicy,
  url: string,
  init: RequestInit & { headers?: Record<string, string> },
): Promise<Response> {
  const send = async () =>
    fetchRespectingThrottling(
      fetchFn,
      url,
      { ...init, headers: { ...init.headers, authorization: `Bearer ${await token.get()}` } },
      retry,
    );
  const response = await send();
  if (response.status !== 401) return response;
  await response.arrayBuffer();
  token.invalidate();
  return send();
}
