import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible chat API (POST /v1/chat/completions, non-streaming), so
 * the real AI SDK code path runs against it in tests. Each request takes the next queued reply,
 * or the default one; every request body is recorded for assertions.
 */
export type FakeReply =
  /** The assistant message content is this value as JSON. */
  | { kind: 'json'; value: unknown }
  /** The assistant message content is this exact text (malformed output, fenced JSON…). */
  | { kind: 'text'; content: string }
  /** An HTTP error with OpenAI's error envelope (and e.g. a Retry-After header on a 429). */
  | { kind: 'error'; status: number; message: string; headers?: Record<string, string> }
  /** The connection is cut without an answer, like a crashed proxy (ECONNRESET at the client). */
  | { kind: 'reset' }
  /** Never answers, like an overloaded model; the client's timeout must fire. */
  | { kind: 'hang' };

export type FakeChatRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: {
      type: string;
      json_schema?: { name?: string; strict?: boolean; schema?: Record<string, unknown> };
    };
    temperature?: number;
    [key: string]: unknown;
  };
};

export type FakeOpenAiServer = {
  /** Base URL with /v1, as AI_BASE_URL. */
  url: string;
  requests: FakeChatRequest[];
  /** Replies for the next requests, in order. */
  enqueue: (...replies: FakeReply[]) => void;
  /** The reply once the queue is empty; a function may answer from the request. */
  setDefault: (reply: FakeReply | ((request: FakeChatRequest) => FakeReply)) => void;
  reset: () => void;
  close: () => Promise<void>;
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'x-request-id': `req_${randomBytes(8).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
};

const completion = (model: string, content: string) => ({
  id: `chatcmpl-${randomBytes(12).toString('hex')}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  system_fingerprint: 'fp_fake',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content, refusal: null },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: {
    prompt_tokens: 180,
    completion_tokens: Math.ceil(content.length / 4),
    total_tokens: 180 + Math.ceil(content.length / 4),
  },
});

export const startFakeOpenAiServer = async (): Promise<FakeOpenAiServer> => {
  const requests: FakeChatRequest[] = [];
  let queue: FakeReply[] = [];
  let fallback: FakeReply | ((request: FakeChatRequest) => FakeReply) = {
    kind: 'error',
    status: 500,
    message: 'No reply configured in the fake OpenAI server',
  };

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(res, 404, {
          error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error' },
        });
        return;
      }
      let body: FakeChatRequest['body'];
      try {
        body = JSON.parse(text) as FakeChatRequest['body'];
      } catch {
        send(res, 400, { error: { message: 'Body is not JSON', type: 'invalid_request_error' } });
        return;
      }
      const request: FakeChatRequest = { path: req.url, headers: req.headers, body };
      requests.push(request);
      const reply =
        queue.shift() ?? (typeof fallback === 'function' ? fallback(request) : fallback);
      const model = body.model ?? 'unknown';
      if (reply.kind === 'hang') return;
      if (reply.kind === 'reset') {
        req.socket.resetAndDestroy();
        return;
      }
      if (reply.kind === 'error') {
        send(
          res,
          reply.status,
          { error: { message: reply.message, type: 'server_error', param: null, code: null } },
          reply.headers,
        );
        return;
      }
      const content = reply.kind === 'json' ? JSON.stringify(reply.value) : reply.content;
      send(res, 200, completion(model, content));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    setDefault: (reply) => {
      fallback = reply;
    },
    reset: () => {
      queue = [];
      requests.length = 0;
    },
    close: async () => {
      // Hanging requests keep their sockets open; close them or close() never resolves.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
