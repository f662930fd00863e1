import { APICallError, RetryError } from 'ai';
import { AppError } from '../../errors';

/** When the provider gives no Retry-After: a rate limit usually lifts within a minute. */
const BUSY_RETRY_SECONDS = 30;
/** …and an outage or a dropped connection is worth another try a little later. */
const UNAVAILABLE_RETRY_SECONDS = 15;
/** A provider asking for more than an hour is not a hint a user can act on. */
const MAX_RETRY_SECONDS = 3600;

/** The SDK wraps the last HTTP failure in a RetryError when it retried; the cause is inside. */
export const unwrapRetryError = (error: unknown): unknown =>
  RetryError.isInstance(error) ? error.lastError : error;

/** Retry-After in seconds (delta or HTTP date), or OpenAI's retry-after-ms, rounded up. */
const retryAfterOf = (headers: Record<string, string> | undefined): number | undefined => {
  if (!headers) return undefined;
  let ms: number | undefined;
  const inMs = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] && Number.isFinite(inMs)) ms = inMs;
  const value = headers['retry-after'];
  if (ms === undefined && value) {
    ms = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  }
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_SECONDS, Math.max(1, Math.ceil(ms / 1000)));
};

/**
 * Whether a failed call is worth one more immediate try inside the same request: a dropped
 * connection or a 5xx. A 429 is not: the provider asked us to slow down.
 */
export const isTransientProviderFailure = (error: unknown): boolean => {
  const cause = unwrapRetryError(error);
  return APICallError.isInstance(cause) && cause.isRetryable && cause.statusCode !== 429;
};

/**
 * The contract's error for a provider's HTTP or network failure, or undefined when `error` is
 * something else: 429 → ai_busy with the provider's own Retry-After; a 5xx or a dropped
 * connection → ai_unavailable with a retry hint; any other answer (a bad key, a bad request)
 * → ai_unavailable without one, since trying again would not help.
 */
export const toProviderAppError = (error: unknown, host: string): AppError | undefined => {
  const cause = unwrapRetryError(error);
  if (!APICallError.isInstance(cause)) return undefined;
  const hinted = retryAfterOf(cause.responseHeaders);
  if (cause.statusCode === 429) {
    const seconds = hinted ?? BUSY_RETRY_SECONDS;
    return new AppError(
      'ai_busy',
      `The AI model is busy (rate limited by ${host}). Try again in ${seconds} s.`,
      { retryAfterSeconds: seconds },
    );
  }
  const answer = cause.statusCode ?? 'no response';
  if (!cause.isRetryable) {
    return new AppError('ai_unavailable', `The AI model request failed (${answer} from ${host})`);
  }
  const seconds = hinted ?? UNAVAILABLE_RETRY_SECONDS;
  return new AppError(
    'ai_unavailable',
    `The AI model request failed (${answer} from ${host}). Try again in ${seconds} s.`,
    { retryAfterSeconds: seconds },
  );
};

/**
 * The same mapping for the adapters that speak their provider's HTTP API with `fetch` (the
 * voice, the motion queue): a connection that failed before any answer. `model` names the
 * provider in the sentence ("voice model", "video model").
 */
export const unreachableProviderError = (model: string, host: string) =>
  new AppError('ai_unavailable', `The ${model} could not be reached at ${host}`, {
    retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
  });

/**
 * …and an HTTP answer that is not a success, or undefined for one that is: 429 → ai_busy with the
 * provider's own Retry-After (or retry-after-ms), anything else → ai_unavailable.
 */
export const httpProviderError = (
  response: Pick<Response, 'ok' | 'status' | 'headers'>,
  model: string,
  host: string,
): AppError | undefined => {
  if (response.ok) return undefined;
  if (response.status === 429) {
    const seconds =
      retryAfterOf(Object.fromEntries(response.headers.entries())) ?? BUSY_RETRY_SECONDS;
    return new AppError(
      'ai_busy',
      `The ${model} is busy (rate limited by ${host}). Try again in ${seconds} s.`,
      { retryAfterSeconds: seconds },
    );
  }
  return new AppError(
    'ai_unavailable',
    `The ${model} request failed (${response.status} from ${host})`,
  );
};
