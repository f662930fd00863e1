import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for TikTok's hosts answering exactly the text a test gives it, for what the
 * sandbox never sends (int64 ids beyond 2^53, a 5xx without an envelope, a hang). Routes are
 * `METHOD /path` (query ignored); every request is recorded.
 */
export type FakeTikTokReply = {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Never answers, so the client's timeout must fire. */
  hang?: boolean;
  /** Closes the connection without an answer (the bytes arrived, the answer never does). */
  drop?: boolean;
};

export type FakeTikTokRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
};

/** Answers a route from what was sent (a stateful host such as `fake-tiktok-tokens.ts`). */
export type FakeTikTokHandler = (
  request: FakeTikTokRequest,
) => FakeTikTokReply | Promise<FakeTikTokReply>;

export const startFakeTikTokServer = async () => {
  const replies = new Map<string, FakeTikTokReply | FakeTikTokHandler>();
  const requests: FakeTikTokRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const request = {
      method: req.method ?? 'GET',
      path: url.pathname,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    const route = replies.get(`${request.method} ${request.path}`);
    const reply = typeof route === 'function' ? await route(request) : route;
    if (!reply) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no reply set');
      return;
    }
    if (reply.hang) return;
    if (reply.drop) {
      res.socket?.destroy();
      return;
    }
    res
      .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
      .end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    reply: (route: string, reply: FakeTikTokReply) => replies.set(route, reply),
    handle: (route: string, handler: FakeTikTokHandler) => replies.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
