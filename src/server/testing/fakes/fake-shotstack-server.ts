import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Shotstack's Edit API (as its API reference publishes it), so the real client and the
 * webhook route run against real HTTP: POST /render (201 envelope, `x-api-key` checked), GET
 * /render/{id} (the status as Shotstack reports it), the output file at its URL, and the
 * unsigned callback POSTed to the edit's `callback`, as Shotstack does on done and failed.
 */
type FakeRender = {
  id: string;
  edit: { callback?: string; timeline?: unknown; output?: unknown };
  status: 'queued' | 'fetching' | 'rendering' | 'saving' | 'done' | 'failed';
  error: string | null;
};

export type FakeShotstackServer = {
  /** e.g. http://127.0.0.1:54321/edit/stage, for SHOTSTACK_API_BASE. */
  url: string;
  apiKey: string;
  renders: Map<string, FakeRender>;
  /** Every request, with its path and the key it carried. */
  requests: { method: string; path: string; apiKey: string | undefined }[];
  /** Callbacks sent: where to and the HTTP status the app answered. */
  callbacks: { url: string; status: number }[];
  /** Finishes a render as Shotstack would, with the given mp4, and POSTs its callback. */
  finish: (id: string, mp4: Buffer) => Promise<void>;
  /** Fails a render as Shotstack would, and POSTs its callback. */
  fail: (id: string, error: string) => Promise<void>;
  /** Moves a render to an in-progress status (seen by the next GET). */
  advance: (id: string, status: FakeRender['status']) => void;
  close: () => Promise<void>;
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export const startFakeShotstack = async (apiKey = 'fake-shotstack-key-0123456789abcdefghijkl') => {
  const renders = new Map<string, FakeRender>();
  const outputs = new Map<string, Buffer>();
  const requests: FakeShotstackServer['requests'] = [];
  const callbacks: FakeShotstackServer['callbacks'] = [];
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const key = req.headers['x-api-key'];
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        apiKey: typeof key === 'string' ? key : undefined,
      });
      const output = /^\/output\/([0-9a-f-]+)\.mp4$/.exec(url.pathname);
      if (req.method === 'GET' && output) {
        const body = outputs.get(output[1]!);
        if (!body) return send(res, 404, { message: 'Not found' });
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': body.length });
        return res.end(body);
      }
      if (key !== apiKey) return send(res, 403, { message: 'Forbidden' });
      if (req.method === 'POST' && url.pathname === '/edit/stage/render') {
        let edit: FakeRender['edit'];
        try {
          edit = JSON.parse(await readBody(req)) as FakeRender['edit'];
        } catch {
          return send(res, 400, { success: false, message: 'Bad Request' });
        }
        if (!edit.timeline || !edit.output) {
          return send(res, 400, {
            success: false,
            message: 'Bad Request',
            response: { error: 'timeline and output are required' },
          });
        }
        const id = randomUUID();
        renders.set(id, { id, edit, status: 'queued', error: null });
        return send(res, 201, {
          success: true,
          message: 'Created',
          response: { message: 'Render Successfully Queued', id },
        });
      }
      const status = /^\/edit\/stage\/render\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        const render = renders.get(status[1]!);
        if (!render) return send(res, 404, { success: false, message: 'Not Found' });
        return send(res, 200, {
          success: true,
          message: 'OK',
          response: {
            id: render.id,
            owner: 'fakeowner',
            status: render.status,
            error: render.error ?? undefined,
            url: render.status === 'done' ? `${origin}/output/${render.id}.mp4` : undefined,
          },
        });
      }
      return send(res, 404, { message: 'Not Found' });
    })().catch(() => send(res, 500, { message: 'fake failed' }));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const callback = async (render: FakeRender) => {
    if (!render.edit.callback) return;
    const res = await fetch(render.edit.callback, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'edit',
        action: 'render',
        id: render.id,
        owner: 'fakeowner',
        status: render.status,
        url: render.status === 'done' ? `${origin}/output/${render.id}.mp4` : null,
        error: render.error,
        completed: new Date().toISOString(),
      }),
    });
    callbacks.push({ url: render.edit.callback, status: res.status });
  };

  const fake: FakeShotstackServer = {
    url: `${origin}/edit/stage`,
    apiKey,
    renders,
    requests,
    callbacks,
    finish: async (id, mp4) => {
      const render = renders.get(id)!;
      outputs.set(id, mp4);
      render.status = 'done';
      await callback(render);
    },
    fail: async (id, error) => {
      const render = renders.get(id)!;
      render.status = 'failed';
      render.error = error;
      await callback(render);
    },
    advance: (id, status) => {
      renders.get(id)!.status = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
};
