import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSampleVideoRoutes } from './sample-video-routes';
import { registerWebApp } from './web-app';

describe('/videos/<file>', () => {
  const app = Fastify();
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-videos-'));
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    await registerWebApp(app, dir);
    registerSampleVideoRoutes(app, path.join(dir, 'videos'));
    // The web app's fallback, as in app.ts: a path nobody serves gets index.html.
    app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('says a sample is being prepared until it is made, then serves it with ranges', async () => {
    const before = await app.inject({ url: '/videos/ugc-example-1.mp4' });
    expect(before.statusCode).toBe(404);
    expect(before.headers['retry-after']).toBe('10');
    expect(before.json()).toEqual({
      error: 'This sample video is being prepared',
      code: 'not_found',
    });

    await fs.mkdir(path.join(dir, 'videos'));
    await fs.writeFile(path.join(dir, 'videos', 'ugc-example-1.mp4'), Buffer.alloc(1000, 1));
    const after = await app.inject({ url: '/videos/ugc-example-1.mp4' });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toBe('video/mp4');
    const range = await app.inject({
      url: '/videos/ugc-example-1.mp4',
      headers: { range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(100);
  });

  it('serves only the sample files', async () => {
    for (const url of ['/videos/other.mp4', '/videos/..%2Findex.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
