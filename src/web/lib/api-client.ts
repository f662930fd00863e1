import type { TErrorCode } from '#contract/error-codes';
import { isErrorCode } from '#contract/error-codes';
import { readSession } from './session-store';

/** Shown for a 503 that carries no message of ours (a proxy in front of a busy server). */
export const BUSY_MESSAGE = 'The server is busy. Try again in a few seconds.';

const positiveSeconds = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * A non-OK answer from our API. `message` reads "{status}: {response text or status text}"
 * (docs/product/app.md rule 7).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The contract's code; a code the contract does not list reads as undefined. */
  readonly code: TErrorCode | undefined;
  /** The server's human message, when it sent our `{ error, code }` envelope. */
  readonly serverMessage: string | undefined;
  /** When a retry may work (ai_unavailable, ai_busy, rate_limited): the body's field or Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, text: string, retryAfter: string | null = null) {
    super(`${status}: ${text || statusText}`);
    this.status = status;
    let parsed: { error?: unknown; code?: unknown; retryAfterSeconds?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      /* not JSON */
    }
    this.code = isErrorCode(parsed.code) ? parsed.code : undefined;
    this.serverMessage =
      typeof parsed.error === 'string' ? parsed.error : status === 503 ? BUSY_MESSAGE : undefined;
    this.retryAfterSeconds =
      positiveSeconds(parsed.retryAfterSeconds) ?? positiveSeconds(retryAfter);
  }
}

const unauthorizedListeners = new Set<() => void>();

/**
 * Called whenever one of our API calls answers 401, so the auth layer can check whether the
 * session itself has gone (expired, revoked, or removed from storage) instead of leaving the
 * user on a page whose every save and action now fails.
 */
export const onUnauthorized = (listener: () => void) => {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
};

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * For a step that may be repeated safely (a slide upload, a keyed post init): a 503 "busy" is
   * sent again after its Retry-After, this many times in all, before giving up in words.
   */
  busyAttempts?: number;
};

/** Longest wait between two tries of a busy step, whatever Retry-After says. */
const BUSY_WAIT_CAP_SECONDS = 10;

/** Said when a repeatable step met a busy server on every try (decision 085's "say what happened"). */
export const busyGaveUpMessage = (tries: number) =>
  `The server was busy and did not take this step after ${tries} tries. Nothing was sent; try again in a minute.`;

/** Waits between busy retries; tests replace it so no test waits for real time. */
export const busyRetry = {
  sleep: (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000)),
};

/**
 * Like `apiRequest`, with the status code: some answers mean different things by status
 * (update-subscription is "done" only on 200, docs/product/billing.md rule 7).
 */
export const apiRequestWithStatus = async <T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ status: number; data: T }> => {
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };
  const session = readSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((s): s is AbortSignal => s !== undefined);
  const response = await fetch(path, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    credentials: 'include',
    cache: 'no-store',
    signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
  });
  const text = await response.text();
  if (response.status === 401) for (const listener of unauthorizedListeners) listener();
  if (!response.ok) {
    throw new ApiError(
      response.status,
      response.statusText,
      text,
      response.headers.get('retry-after'),
    );
  }
  return { status: response.status, data: (text ? JSON.parse(text) : null) as T };
};

/** docs/product/app.md rule 6: JSON, bearer token, no caching, credentials included. */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const attempts = Math.max(1, options.busyAttempts ?? 1);
  for (let tried = 1; ; tried++) {
    try {
      return (await apiRequestWithStatus<T>(path, options)).data;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 503 || attempts === 1) throw error;
      if (tried >= attempts) {
        throw new ApiError(
          503,
          'Service Unavailable',
          JSON.stringify({ error: busyGaveUpMessage(tried), code: 'server_busy' }),
        );
      }
      await busyRetry.sleep(Math.min(error.retryAfterSeconds ?? 2, BUSY_WAIT_CAP_SECONDS));
    }
  }
};

/** For queries that treat 401 as "not signed in" (docs/product/app.md rule 6). */
export const apiRequestOrNullOn401 = async <T>(
  path: string,
  options: RequestOptions = {},
): Promise<T | null> => {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};
