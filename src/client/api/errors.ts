import { HTTPError, TimeoutError } from 'ky';
import type { ErrorBody } from '../../shared/contract/common';
import { firstErrorMessage } from '../../shared/validation/field-errors';

export type ServerError = ErrorBody['data'];

/**
 * Every failed call rejects with this. `message` is one of the spec §8 client messages; `body` is the
 * server's error shape when a response arrived.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: ServerError | null,
    /** a 429's or 503's Retry-After, in seconds, when the server sent one */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** spec §8 HTTP client messages. */
export const CLIENT_MESSAGES = {
  network: 'Network Error',
  aborted: 'Request aborted',
  canceled: 'canceled',
  timeout: (ms: number) => `timeout of ${ms} ms exceeded`,
  status: (status: number) => `Request failed with status code ${status}`,
} as const;

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'CanceledError');
}

/**
 * Maps what ky or fetch threw to the spec's client messages. An abort the caller asked for (through
 * its own signal) is 'canceled'; one the browser did on its own (navigation, closed pane) is
 * 'Request aborted'. Anything else without a response is a network error.
 */
export function toApiError(
  error: unknown,
  {
    callerAborted = false,
    body = null,
    timeoutMs = 0,
  }: { callerAborted?: boolean; body?: ServerError | null; timeoutMs?: number } = {},
): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    return new ApiError(
      CLIENT_MESSAGES.status(error.response.status),
      error.response.status,
      body,
      retryAfterSeconds(error.response.headers.get('retry-after')),
    );
  }
  if (error instanceof TimeoutError) {
    return new ApiError(CLIENT_MESSAGES.timeout(timeoutMs), null, null);
  }
  if (isAbort(error))
    return new ApiError(callerAborted ? CLIENT_MESSAGES.canceled : CLIENT_MESSAGES.aborted, null, null);
  return new ApiError(CLIENT_MESSAGES.network, null, null);
}

/** Retry-After is either seconds or an HTTP date. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Reads the spec error shape from a failed response; anything else yields null. */
export async function readServerError(response: Response): Promise<ServerError | null> {
  try {
    const json = (await response.clone().json()) as Partial<ErrorBody> | null;
    const data = json?.data;
    return data && typeof data.message === 'string' ? data : null;
  } catch {
    return null;
  }
}

/** What a screen says about a failed call: the server's first field message, else its message. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError
    ? firstErrorMessage(error.body ?? undefined, error.message)
    : String(error);
}
