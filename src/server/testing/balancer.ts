import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * One request the balancer passed on: which API process (its port) answered, and how; for a 502
 * of its own, the connection's error (`ECONNRESET`, …), so a bench can say why reads were cut off.
 */
export type ServedRequest = {
  method: string;
  url: string;
  port: number;
  status: number;
  error?: string;
};

/**
 * A round-robin load balancer on a loopback port in front of API processes, as a deployment puts
 * one at APP_URL. Like a real one it tries the next process when a connection is refused (a
 * process that died), and never sends a request again once a process may have received it: a
 * process killed mid-request leaves that request failed, as it would in production. It keeps a
 * record of which process answered each request (`served`), as a balancer's access log does.
 * `maxBodyBytes` refuses a larger body to our API processes with 413 before any of them sees it,
 * as a proxy's body limit does (nginx's `client_max_body_size`, 1 MB by default): the product video upload's
 * 413 → direct upload path (docs/product/hook-demo.md rule 4).
 */
export const startBalancer = async ({ maxBodyBytes }: { maxBodyBytes?: number } = {}) => {
  // Reads (GET, HEAD) go over kept-alive connections, as nginx's `keepalive` upstreams do: a
  // connection per request cost this proxy about 0.37 ms of CPU a request against 0.26 ms, and
  // the API process the accept and close besides, which at 1,000 reads a second on two cores was
  // a tenth of a core (decision 203, its last amendment). A read that meets a reset on a reused
  // connection (its process died, or closed the idle socket as the read went out) goes to the
  // next process: a read changes nothing, so sending it twice is harmless. Anything else still
  // gets a connection of its own, so a dead process is seen as refused, never as a reset on a
  // pooled socket that cannot say whether the request got through.
  const keptAlive = new http.Agent({ keepAlive: true });
  const ports: number[] = [];
  let next = 0;
  const pinned: { prefix: string; port: number }[] = [];
  const served: ServedRequest[] = [];

  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    triesLeft: number,
    /** The upstream to try (an index into `ports`); the round robin's next by default. */
    slot?: number,
  ) => {
    const pin = pinned.find((p) => req.url?.startsWith(p.prefix));
    const tried = pin ? 0 : (slot ?? next++);
    const port = pin?.port ?? ports[tried % ports.length]!;
    const safe = SAFE_METHODS.has(req.method ?? '');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: safe ? keptAlive : false,
      },
      (answer) => {
        served.push({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          port,
          status: answer.statusCode ?? 502,
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // The next process in the list, not the round robin's next: with other requests moving
      // it meanwhile, that could be the refused one again.
      const lostOnReuse =
        upstream.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      if ((error.code === 'ECONNREFUSED' || lostOnReuse) && triesLeft > 1 && !pin) {
        forward(req, res, body, triesLeft - 1, tried + 1);
        return;
      }
      served.push({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        port,
        status: 502,
        error: error.code ?? error.message,
      });
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    // The pinned paths stand in for services outside the deployment (the TikTok sandbox), which
    // no proxy of ours limits.
    const limited = !pinned.some((p) => req.url?.startsWith(p.prefix));
    if (
      limited &&
      maxBodyBytes !== undefined &&
      Number(req.headers['content-length'] ?? 0) > maxBodyBytes
    ) {
      // What nginx answers: an HTML page, after reading the body away (a browser still sending
      // it would otherwise see a reset connection, not the answer).
      req.resume();
      req.on('end', () =>
        res
          .writeHead(413, { 'content-type': 'text/html' })
          .end('<html><body><h1>413 Request Entity Too Large</h1></body></html>'),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (ports.length === 0) res.writeHead(503).end();
      else forward(req, res, Buffer.concat(chunks), ports.length);
    });
  });
  // Idle client connections are left to the client to close: with Node's 5 s default, a busy
  // machine let the balancer close a kept-alive socket just as the bench's fetch (undici, which
  // keeps idle sockets 4 s) sent on it, and the call failed with ECONNRESET mid-seeding.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Every request passed on so far, in the order the answers came. */
    served,
    /** Sends requests to the API process on this port too. */
    add: (upstreamPort: number) => {
      ports.push(upstreamPort);
    },
    /** Sends the paths under `prefix` to this process only. */
    pin: (prefix: string, upstreamPort: number) => {
      pinned.push({ prefix, port: upstreamPort });
    },
    close: async () => {
      keptAlive.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
