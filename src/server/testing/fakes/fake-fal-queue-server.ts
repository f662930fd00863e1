import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for fal's queue API (docs.fal.ai, "Queue API") running an image-to-video model:
 * POST /{owner}/{app}[/{sub-path}] queues a request; GET /{owner}/{app}/requests/{id}/status
 * answers IN_QUEUE, then IN_PROGRESS, then COMPLETED (a few reads each); GET
 * /{owner}/{app}/requests/{id} answers `{ video: { url } }` with a file this server serves; PUT
 * …/cancel cancels. Every request is recorded; `next` shapes how the next queued one ends.
 */
export type FakeFalOutcome =
  | { kind: 'clip' }
  /** The submit answers this HTTP status. */
  | { kind: 'submit-error'; status: number; headers?: Record<string, string> }
  /** The request ends FAILED (the model refused the picture). */
  | { kind: 'failed' }
  /** COMPLETED, but the output holds no video. */
  | { kind: 'no-video' }
  /** Stays IN_PROGRESS for ever (a deadline test). */
  | { kind: 'stuck' };

export type FakeFalRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

export const startFakeFalQueueServer = async ({
  clip,
  readsPerState = 2,
}: {
  /** The bytes of every finished clip. */
  clip: Buffer;
  readsPerState?: number;
}) => {
  const requests: FakeFalRequest[] = [];
  const outcomes: FakeFalOutcome[] = [];
  const jobs = new Map<string, { outcome: FakeFalOutcome; reads: number; cancelled: boolean }>();
  let url = '';

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const path = (req.url ?? '/').split('?')[0]!;
      let body: Record<string, unknown> | null = null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });

      const file = /^\/files\/([\w-]+)\.mp4$/.exec(path);
      if (req.method === 'GET' && file) {
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': clip.length });
        res.end(clip);
        return;
      }
      if (req.headers.authorization !== 'Key fal-test-key') {
        json(res, 401, { detail: 'Unauthorized' });
        return;
      }
      const request = /^\/([^/]+)\/([^/]+)\/requests\/([\w-]+)(\/status|\/cancel)?$/.exec(path);
      if (request) {
        const [, owner, app, id, what] = request;
        const job = jobs.get(id!);
        if (!job) {
          json(res, 404, { detail: 'Request not found' });
          return;
        }
        if (what === '/cancel' && req.method === 'PUT') {
          job.cancelled = true;
          json(res, 202, { status: 'CANCELLATION_REQUESTED' });
          return;
        }
        if (what === '/status') {
          job.reads++;
          const stage =
            job.outcome.kind === 'stuck'
              ? 'IN_PROGRESS'
              : job.reads <= readsPerState
                ? 'IN_QUEUE'
                : job.reads <= readsPerState * 2
                  ? 'IN_PROGRESS'
                  : job.outcome.kind === 'failed'
                    ? 'FAILED'
                    : 'COMPLETED';
          json(res, stage === 'COMPLETED' || stage === 'FAILED' ? 200 : 202, {
            status: stage,
            request_id: id,
            response_url: `${url}/${owner}/${app}/requests/${id}`,
            ...(stage === 'IN_QUEUE' ? { queue_position: 0 } : {}),
          });
          return;
        }
        if (job.outcome.kind === 'no-video') {
          json(res, 200, { seed: 1 });
          return;
        }
        json(res, 200, {
          video: {
            url: `${url}/files/${id}.mp4`,
            content_type: 'video/mp4',
            file_size: clip.length,
          },
        });
        return;
      }
      const model = /^\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
      if (req.method === 'POST' && model) {
        const outcome = outcomes.shift() ?? { kind: 'clip' };
        if (outcome.kind === 'submit-error') {
          json(res, outcome.status, { detail: 'refused' }, outcome.headers);
          return;
        }
        const id = randomUUID();
        jobs.set(id, { outcome, reads: 0, cancelled: false });
        const root = `${url}/${model[1]}/${model[2]}/requests/${id}`;
        json(res, 200, {
          request_id: id,
          response_url: root,
          status_url: `${root}/status`,
          cancel_url: `${root}/cancel`,
          queue_position: 0,
        });
        return;
      }
      json(res, 404, { detail: `No route ${req.method} ${path}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** How the next queued requests end, in order; afterwards each makes a clip. */
    next: (...list: FakeFalOutcome[]) => outcomes.push(...list),
    cancelled: () => [...jobs.values()].filter((j) => j.cancelled).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeFalQueueServer = Awaited<ReturnType<typeof startFakeFalQueueServer>>;
