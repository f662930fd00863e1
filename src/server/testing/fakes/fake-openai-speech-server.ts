import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible speech API (POST /v1/audio/speech with `{ model, input,
 * voice, response_format }`, answering the audio bytes), so the real adapter runs against it in
 * tests. Each request takes the next queued reply, or the default; requests are recorded.
 */
export type FakeSpeechReply =
  | { kind: 'audio'; body: Buffer; contentType: string }
  | { kind: 'error'; status: number; message: string; headers?: Record<string, string> }
  /** A 200 that is not audio (an HTML error page of a proxy). */
  | { kind: 'html' };

export type FakeSpeechRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const sendJson = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

export const startFakeOpenAiSpeechServer = async (defaultReply: FakeSpeechReply) => {
  const requests: FakeSpeechRequest[] = [];
  const queue: FakeSpeechReply[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/audio/speech') {
        sendJson(res, 404, {
          error: { message: `No route ${req.method} ${req.url}`, type: 'invalid_request_error' },
        });
        return;
      }
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      requests.push({ path: req.url, headers: req.headers, body });
      const reply = queue.shift() ?? defaultReply;
      switch (reply.kind) {
        case 'audio':
          res.writeHead(200, { 'Content-Type': reply.contentType });
          res.end(reply.body);
          return;
        case 'html':
          res.writeHead(200, { 'Content-Type': 'text/html' });
          res.end('<html>Bad gateway</html>');
          return;
        case 'error':
          sendJson(
            res,
            reply.status,
            { error: { message: reply.message, type: 'server_error' } },
            reply.headers,
          );
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The base URL as AI_VOICE_BASE_URL takes it. */
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (next: FakeSpeechReply) => queue.push(next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeSpeechServer = Awaited<ReturnType<typeof startFakeOpenAiSpeechServer>>;
