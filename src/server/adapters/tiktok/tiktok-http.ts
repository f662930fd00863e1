import { TikTokApiError } from './tiktok-api';
import { parseTikTokJson } from './tiktok-json';

/** What a failure line may carry: never a token, a secret or an upload URL's query. */
export type TikTokLog = (line: string) => void;

export type TikTokHttp = {
  timeoutMs: number;
  log: TikTokLog;
};

type RawAnswer = { status: number; headers: Headers; body: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Seconds from `Retry-After` (seconds or a date); TikTok's 429s often carry none, so a minute. */
const retryAfter = (headers: Headers, status: number): number | null => {
  if (status !== 429 && status < 500) return null;
  const header = headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = header ? Date.parse(header) : NaN;
  if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  return status === 429 ? 60 : 5;
};

/** The path only: upload URLs carry their credentials in the query string. */
const where = (method: string, url: string) => `${method} ${new URL(url).pathname}`;

/**
 * One HTTP exchange with a time limit. No answer at all (timeout, refused connection) is a
 * TikTokApiError too, with a gateway status (504/502) so callers treat it like a 5xx: retry.
 */
export const send = async (
  http: TikTokHttp,
  method: string,
  url: string,
  init: { headers: Record<string, string>; body?: string | Uint8Array; timeoutMs?: number },
): Promise<RawAnswer> => {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: init.headers,
      // Node's fetch sends any Uint8Array; the lib type only names ArrayBuffer-backed ones.
      body: init.body as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs ?? http.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const code = timedOut ? 'timeout' : 'network_error';
    http.log(`tiktok: ${where(method, url)} failed: ${code}`);
    throw new TikTokApiError(
      code,
      timedOut ? 'TikTok did not answer in time' : 'TikTok could not be reached',
      timedOut ? 504 : 502,
      null,
      5,
    );
  }
  const text = await response.text();
  let body: unknown = null;
  if (text.trim()) {
    try {
      body = parseTikTokJson(text);
    } catch {
      body = null;
    }
  }
  return { status: response.status, headers: response.headers, body };
};

const fail = (
  http: TikTokHttp,
  context: string,
  answer: RawAnswer,
  code: string,
  message: string,
  logId: string | null,
): never => {
  http.log(`tiktok: ${context} failed: ${code} (HTTP ${answer.status}, log_id ${logId ?? 'none'})`);
  throw new TikTokApiError(
    code,
    message,
    answer.status,
    logId,
    retryAfter(answer.headers, answer.status),
  );
};

/**
 * The OAuth endpoints answer flat JSON; a failure is `{ error, error_description, log_id }`,
 * sometimes with HTTP 200, so the body decides, not the status.
 */
export const readOAuth = (
  http: TikTokHttp,
  method: string,
  url: string,
  answer: RawAnswer,
): Record<string, unknown> => {
  const body = answer.body;
  const context = where(method, url);
  if (isRecord(body)) {
    const logId = str(body.log_id);
    const error = body.error;
    if (str(error)) {
      return fail(http, context, answer, error as string, str(body.error_description) ?? '', logId);
    }
    // Some TikTok answers wrap OAuth failures in the API envelope instead.
    if (isRecord(error) && str(error.code) && error.code !== 'ok') {
      return fail(
        http,
        context,
        answer,
        error.code as string,
        str(error.message) ?? '',
        str(error.log_id) ?? logId,
      );
    }
  }
  if (answer.status >= 400 || (body !== null && !isRecord(body))) {
    return fail(
      http,
      context,
      answer,
      answer.status >= 500 ? 'internal_error' : 'invalid_response',
      `TikTok answered HTTP ${answer.status}`,
      null,
    );
  }
  return isRecord(body) ? body : {};
};

/** The API envelope `{ data, error: { code, message, log_id } }`: anything but `ok` fails. */
export const readEnvelope = (
  http: TikTokHttp,
  method: string,
  url: string,
  answer: RawAnswer,
): Record<string, unknown> => {
  const body = answer.body;
  const context = where(method, url);
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (!error || !str(error.code)) {
    return fail(
      http,
      context,
      answer,
      answer.status >= 500 ? 'internal_error' : 'invalid_response',
      `TikTok answered HTTP ${answer.status} without its envelope`,
      null,
    );
  }
  const logId = str(error.log_id);
  if (error.code !== 'ok' || answer.status >= 400) {
    const code =
      error.code !== 'ok'
        ? (error.code as string)
        : answer.status >= 500
          ? 'internal_error'
          : 'invalid_response';
    return fail(http, context, answer, code, str(error.message) ?? '', logId);
  }
  return isRecord(body) && isRecord(body.data) ? body.data : {};
};
