import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRenderEdit, TRenderStatusResponse, TRenderSubmitResponse } from '#contract/render';
import { multipart, solidPng } from './testing/multipart';
import type { ServerProcess } from './testing/server-process';
import { createServerProcess } from './testing/server-process';
import { signedInSeller, subscribe } from './testing/server-process-seller';
import { waitFor } from './testing/wait-for';

/**
 * SIGTERM while a render encodes and the start-up preparation paints (issue: a stopped server
 * kept a core busy for minutes). The process must stop by itself — exit code 0, not
 * close-with-grace's forced exit 1 after 9.5 s — handing back what it held, and the next start
 * must take both up again: the render finishes once, the preparation resumes.
 */
describe('stopping the server with SIGTERM', () => {
  let server: ServerProcess;
  let assetsDir: string;

  beforeAll(async () => {
    server = await createServerProcess('hookreel-shutdown-');
    // Empty asset folders: the preparation job paints characters instead of finding the
    // shipped ones.
    assetsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-shutdown-assets-'));
    server.env.STARTER_CHARACTERS_DIR = path.join(assetsDir, 'characters');
    server.env.SAMPLE_VIDEOS_DIR = path.join(assetsDir, 'videos');
  });

  afterAll(async () => {
    await server?.close();
    await fs.rm(assetsDir, { recursive: true, force: true });
  });

  const hostImage = async (headers: Record<string, string>, colour: string) => {
    const body = multipart([
      {
        field: 'image',
        filename: 'c.png',
        type: 'image/png',
        data: await solidPng(720, 1280, colour),
      },
    ]);
    return (await server.upload<{ url: string }>('/api/temp-images/upload', headers, body)).url;
  };

  const statusOf = (headers: Record<string, string>, id: string) =>
    server
      .ok<TRenderStatusResponse>('GET', `/api/shotstack/status/${id}`, headers)
      .then((r) => r.response);

  it('stops by itself during a render and a preparation, and both resume after a restart', async () => {
    await server.start();
    const seller = await signedInSeller(server, 'shutdown');
    await subscribe(server, seller);
    const character = await hostImage(seller, '#2050a0');
    const product = await hostImage(seller, '#a02050');
    // Stills are encoded, never copied: 20 s of 1080x1920 keeps ffmpeg busy past the signal.
    const edit: TRenderEdit = {
      timeline: {
        tracks: [
          { clips: [{ asset: { type: 'text', text: 'Stop-proof hook' }, start: 0, length: 15 }] },
          {
            clips: [
              { asset: { type: 'image', src: character }, start: 0, length: 15 },
              { asset: { type: 'image', src: product }, start: 15, length: 5 },
            ],
          },
        ],
      },
      output: { format: 'mp4', size: { width: 1080, height: 1920 }, fps: 30 },
    };
    const { response } = await server.ok<TRenderSubmitResponse>(
      'POST',
      '/api/shotstack/render?idempotencyKey=shutdown-render-1',
      seller,
      edit,
    );
    await waitFor('ffmpeg to be rendering', 60_000, async () =>
      (await statusOf(seller, response.id)).status === 'rendering' ? true : null,
    );
    await waitFor('the preparation to paint characters', 60_000, async () =>
      server.output().includes('characters: making') ? true : null,
    );

    const { code, ms } = await server.terminate();
    expect(server.output()).not.toContain('killed by timeout');
    expect(code).toBe(0);
    // Not a speed target: orchestrators send SIGKILL 10 s after SIGTERM, so this is the bound
    // within which the work must have been handed back.
    expect(ms).toBeLessThan(10_000);
    expect(server.output()).not.toContain('render: render done');

    const before = server.output().length;
    await server.start();
    const done = await waitFor('the render to finish after the restart', 180_000, async () => {
      const now = await statusOf(seller, response.id);
      if (now.status === 'failed') throw new Error(`the render failed: ${now.error}`);
      return now.status === 'done' ? now : null;
    });
    expect(done.url).toBeTruthy();
    expect(server.output().match(/render: render done/g)).toHaveLength(1);
    await waitFor('the preparation to resume', 60_000, async () =>
      server.output().includes('characters: making', before) ? true : null,
    );
  }, 360_000);
});
