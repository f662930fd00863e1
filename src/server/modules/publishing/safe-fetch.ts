import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { AppError } from '../../errors';

/** Addresses no outbound fetch may reach: loopback, private, link-local, CGNAT, multicast, reserved. */
export const privateAddresses = (): net.BlockList => {
  const list = new net.BlockList();
  for (const [net4, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    list.addSubnet(net4, prefix, 'ipv4');
  }
  for (const [net6, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['64:ff9b::', 96],
  ] as const) {
    list.addSubnet(net6, prefix, 'ipv6');
  }
  return list;
};

const DEFAULT_BLOCKED = privateAddresses();

/** An address is refused when it, or the IPv4 address an IPv4-mapped IPv6 one carries, is blocked. */
const isBlocked = (address: string, blocked: net.BlockList) => {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, family);
};

const refused = (why: string) =>
  new AppError('forbidden', `This address cannot be fetched: ${why}`, { status: 403 });

/**
 * The connection's own lookup: every address DNS returns is checked at connect time, so a name
 * cannot pass a check and then resolve elsewhere (DNS rebinding).
 */
const guardedLookup =
  (blocked: net.BlockList): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isBlocked(a.address, blocked));
      if (bad || list.length === 0) {
        return callback(refused('it is not a public address'), '', 4);
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      }
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };

export type SafeFetchOptions = {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Content types accepted (prefix match, e.g. `video/`). */
  accept: string[];
  /** Tests widen this to reach a local server; production uses the private ranges above. */
  blocked?: net.BlockList;
  range?: string;
};

export type SafeResponse = {
  status: number;
  contentType: string;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
};

const once = (
  url: URL,
  options: SafeFetchOptions,
  deadline: number,
): Promise<{ redirect: string } | SafeResponse> =>
  new Promise((resolve, reject) => {
    const blocked = options.blocked ?? DEFAULT_BLOCKED;
    // A literal IP skips DNS, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isBlocked(host, blocked)) {
      reject(refused('it is not a public address'));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup(blocked),
        timeout: Math.max(1, deadline - Date.now()),
        headers: {
          'user-agent': 'Hookreel media proxy',
          ...(options.range ? { range: options.range } : {}),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
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
          reject(
            new AppError('unsupported_media_type', 'The address does not serve the expected media'),
          );
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          reject(new AppError('payload_too_large', 'The media at this address is too large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new AppError('payload_too_large', 'The media at this address is too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, contentType, body: Buffer.concat(chunks), headers: response.headers }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => {
      request.destroy(
        new AppError('tiktok_error', 'The media address took too long to answer', { status: 504 }),
      );
    });
    request.on('error', (error) => {
      reject(error instanceof AppError ? error : refusedOrUnreachable(error));
    });
  });

const refusedOrUnreachable = (error: Error) =>
  error instanceof AppError
    ? error
    : new AppError('bad_request', 'The media address could not be reached', { status: 502 });

/**
 * Fetches an outside http(s) URL for the media proxies and the video import: public addresses
 * only (checked after DNS, at connect time, on every redirect hop), a size cap, an overall
 * deadline and at most a few redirects.
 */
export const safeFetch = async (raw: string, options: SafeFetchOptions): Promise<SafeResponse> => {
  const deadline = Date.now() + options.timeoutMs;
  let current = raw;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      throw new AppError('validation_error', 'Not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('only http and https');
    if (url.username || url.password) throw refused('credentials in URLs are not allowed');
    const answer = await once(url, options, deadline);
    if ('redirect' in answer) {
      current = answer.redirect;
      continue;
    }
    return answer;
  }
  throw refused('too many redirects');
};
