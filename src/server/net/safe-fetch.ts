import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { AppError } from '../errors';
import { refusedRange } from './outbound-address';

const refused = (why: string) =>
  new AppError('forbidden', `This address cannot be fetched: ${why}`, { status: 403 });

const notPublic = () => refused('it is not a public address');

/**
 * The connection's own lookup: every address DNS returns is checked at connect time, so a name
 * cannot pass a check and then resolve elsewhere (DNS rebinding).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => refusedRange(a.address) !== null)) {
      return callback(notPublic(), '', 4);
    }
    if ((options as { all?: boolean }).all) {
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    }
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * Tests only: says whether a literal `ip:port` (a local fake standing in for an outside host)
 * counts as public. Production never passes one, so loopback stays refused there.
 */
export type LocalHostAllowance = (host: string) => boolean;

/** A `LocalHostAllowance` for exactly these origins (`http://127.0.0.1:4567`). */
export const allowLocalOrigins = (...origins: string[]): LocalHostAllowance => {
  const hosts = new Set(origins.map((origin) => new URL(origin).host));
  return (host) => hosts.has(host);
};

export type SafeFetchOptions = {
  maxBytes: number;
  /** The whole fetch, every redirect hop, headers and body, ends by then (not an idle timeout). */
  timeoutMs: number;
  maxRedirects?: number;
  /** Content types accepted (prefix match, e.g. `video/`). */
  accept: string[];
  range?: string;
  /** The caller gave up (its client went away): the fetch stops at once. */
  signal?: AbortSignal;
  /** Tests only: local fakes that count as public (see `LocalHostAllowance`). */
  allowLocal?: LocalHostAllowance;
};

export type SafeResponse = {
  status: number;
  contentType: string;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
};

const tooLarge = () => new AppError('payload_too_large', 'The media at this address is too large');

const timedOut = () =>
  new AppError('media_timeout', 'The media address took too long to answer', { status: 504 });

const unreachable = () =>
  new AppError('media_unreachable', 'The media address could not be reached', { status: 502 });

const once = (
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<{ redirect: string } | SafeResponse> =>
  new Promise((resolve, reject) => {
    // Whatever ended the fetch (deadline, size, a departed client) is the error the caller sees.
    const fail = (error: unknown) => {
      if (signal.aborted) reject(signal.reason instanceof AppError ? signal.reason : unreachable());
      else reject(error instanceof AppError ? error : unreachable());
    };
    if (signal.aborted) return fail(signal.reason);
    // A literal IP skips DNS, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const local = net.isIP(host) !== 0 && options.allowLocal?.(url.host) === true;
    if (net.isIP(host) && !local && refusedRange(host) !== null) return fail(notPublic());
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup,
        signal,
        headers: {
          'user-agent': 'Hookreel media proxy',
          ...(options.range ? { range: options.range } : {}),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.on('error', fail);
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: new URL(response.headers.location, url).toString() });
          return;
        }
        const contentType = String(response.headers['content-type'] ?? '');
        if (
          status >= 200 &&
          status < 300 &&
          !options.accept.some((p) => contentType.startsWith(p))
        ) {
          response.destroy();
          fail(
            new AppError('unsupported_media_type', 'The address does not serve the expected media'),
          );
          return;
        }
        if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
          response.destroy();
          fail(tooLarge());
          return;
        }
        // The cap holds while the bytes arrive, whatever the header said (or did not say).
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            fail(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, contentType, body: Buffer.concat(chunks), headers: response.headers }),
        );
        // Closed before its end (the deadline, the caller leaving, the upstream hanging up).
        response.on('close', () => {
          if (!response.complete) fail(unreachable());
        });
      },
    );
    request.on('error', fail);
  });

/**
 * Fetches an outside http(s) URL for the media proxies, renders and the video import: public
 * addresses only (checked after DNS, at connect time, on every redirect hop), a size cap held
 * while the body streams in, one deadline for the whole fetch (a server trickling a byte a
 * second is cut off like a silent one) and at most a few redirects.
 */
export const safeFetch = async (raw: string, options: SafeFetchOptions): Promise<SafeResponse> => {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(timedOut()), options.timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([deadline.signal, options.signal])
    : deadline.signal;
  try {
    let current = raw;
    for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
      let url: URL;
      try {
        url = new URL(current);
      } catch {
        throw new AppError('validation_error', 'Not a valid URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw refused('only http and https');
      }
      if (url.username || url.password) throw refused('credentials in URLs are not allowed');
      const answer = await once(url, options, signal);
      if ('redirect' in answer) {
        current = answer.redirect;
        continue;
      }
      return answer;
    }
    throw refused('too many redirects');
  } finally {
    clearTimeout(timer);
  }
};
