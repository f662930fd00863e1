import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible images API (POST /v1/images/generations answering
 * `{ created, data: [{ b64_json }] }`), so the real AI SDK path runs against it in tests. Each
 * request takes the next queued reply, or the default; request bodies are recorded.
 */
export type FakeImageReply =
  /** These bytes, base64-encoded in data[0].b64_json. */
  | { kind: 'image'; body: Buffer }
  /** A 200 whose data holds no image. */
  | { kind: 'empty' }
  /** An HTTP error with OpenAI's error envelope (a Retry-After header on a 429…). */
  | { kind: 'error'; status: number; message: string; headers?: Record<string, string> }
  /** The connection is cut without an answer. */
  | { kind: 'reset' };

export type FakeImageRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: { model?: string; prompt?: string; n?: number; size?: string; [key: string]: unknown };
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'x-request-id': `req_${randomBytes(8).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
};

export const startFakeOpenAiImagesServer = async (defaultReply: FakeImageReply) => {
  const requests: FakeImageRequest[] = [];
  const queue: FakeImageReply[] = [];
  let fallback = defaultReply;

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/images/generations') {
        send(res, 404, {
          error: { message: `No route ${req.method} ${req.url}`, type: 'invalid_request_error' },
        });
        return;
      }
      const body = JSON.parse(text || '{}') as FakeImageRequest['body'];
      requests.push({ path: req.url, headers: req.headers, body });
      const reply = queue.shift() ?? fallback;
      switch (reply.kind) {
        case 'reset':
          req.socket.destroy();
          return;
        case 'error':
          send(
            res,
            reply.status,
            { error: { message: reply.message, type: 'server_error', code: null } },
            reply.headers,
          );
          return;
        case 'empty':
          send(res, 200, { created: Math.floor(Date.now() / 1000), data: [] });
          return;
        case 'image':
          send(res, 200, {
            created: Math.floor(Date.now() / 1000),
            data: [{ b64_json: reply.body.toString('base64') }],
          });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies: FakeImageReply[]) => queue.push(...replies),
    setDefault: (reply: FakeImageReply) => {
      fallback = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type FakeOpenAiImagesServer = Awaited<ReturnType<typeof startFakeOpenAiImagesServer>>;
