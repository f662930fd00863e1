import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The names a browser on this machine uses for it (a `[::1]` Host keeps its brackets). */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A plain `name[:port]` or `[v6][:port]`, nothing else (no user info, path or spaces). */
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * Whether a request names this server in its `Host` header: APP_URL's host, or a loopback name
 * at the port the connection came in on. A page on a DNS-rebinding domain (`evil.example`
 * resolving to 127.0.0.1) reaches the server from the machine itself, but its browser still
 * sends `Host: evil.example`, which it cannot change (decision 060). `X-Forwarded-Host` is never
 * read: such a page may set it.
 */
export const createOwnHostCheck = (appUrl: string) => {
  const own = new URL(appUrl);
  return (request: FastifyRequest): boolean => {
    const host = request.headers.host;
    if (typeof host !== 'string' || !HOST_HEADER.test(host)) return false;
    let named: URL;
    try {
      named = new URL(`${own.protocol}//${host}`);
    } catch {
      return false;
    }
    if (named.host === own.host) return true;
    if (!LOOPBACK_NAMES.has(named.hostname)) return false;
    const port = named.port ? Number(named.port) : DEFAULT_PORT[own.protocol];
    // A request made in-process (`inject`, the tests) has no socket port: it is the server itself.
    const inUse = request.raw.socket.localPort;
    return typeof inUse !== 'number' || port === inUse;
  };
};

/** The path a request reaches: its route's pattern, or its decoded path when no route matched. */
const reachedPath = (request: FastifyRequest): string => {
  const route = request.routeOptions.url;
  if (route !== undefined) return route;
  const raw = request.url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

const under = (path: string, prefix: string) =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/**
 * Development aids (the outbox, the local checkout, the TikTok sandbox, the TikTok debug data)
 * answer only requests that name this server, so a web page that rebinds its own domain to
 * this machine cannot read them. Everything else is untouched.
 */
export const registerOwnHostOnly = (
  app: FastifyInstance,
  { appUrl, prefixes }: { appUrl: string; prefixes: readonly string[] },
) => {
  if (prefixes.length === 0) return;
  const isOwnHost = createOwnHostCheck(appUrl);
  app.addHook('onRequest', async (request, reply) => {
    const path = reachedPath(request);
    if (!prefixes.some((prefix) => under(path, prefix))) return;
    if (isOwnHost(request)) return;
    return reply.code(421).header('Cache-Control', 'no-store').send({
      error:
        'This development page answers only at the server’s own address (localhost, 127.0.0.1 or the host of APP_URL); open it there.',
      code: 'unknown_host',
    });
  });
};
