import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntitlements } from '#contract/entitlements';
import type { TRenderEdit, TRenderStatusResponse, TRenderSubmitResponse } from '#contract/render';
import { probeVideo } from '../../media/canonical-video';
import { multipart, solidPng } from '../../testing/multipart';
import type { ServerProcess } from '../../testing/server-process';
import { createServerProcess } from '../../testing/server-process';
import { signedInSeller, subscribe } from '../../testing/server-process-seller';
import { sleep, waitFor } from '../../testing/wait-for';

/**
 * The real server (`main.ts`, PGlite in a temp DATA_DIR) killed with SIGKILL while ffmpeg is
 * rendering, then started again on the same data: the render must finish after the restart,
 * exactly once (one "render done", one stored result) and be charged exactly once.
 */
describe('a render survives a crash of the server', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await createServerProcess('hookreel-render-crash-');
  });

  afterAll(async () => {
    await server?.close();
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

  it('finishes the render after a SIGKILL mid-render, once, charged once', async () => {
    await server.start();
    const seller = await signedInSeller(server, 'render-crash');
    await subscribe(server, seller);
    const character = await hostImage(seller, '#2050a0');
    const product = await hostImage(seller, '#a02050');
    // Stills are encoded, never copied: 20 s of 1080x1920 keeps ffmpeg busy long enough to kill.
    const edit: TRenderEdit = {
      timeline: {
        tracks: [
          { clips: [{ asset: { type: 'text', text: 'Crash-proof hook' }, start: 0, length: 15 }] },
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
      '/api/shotstack/render?idempotencyKey=crash-render-1',
      seller,
      edit,
    );
    await waitFor('ffmpeg to be rendering', 60_000, async () =>
      (await statusOf(seller, response.id)).status === 'rendering' ? true : null,
    );
    await sleep(1000);
    await server.kill();
    expect(server.output()).not.toContain('render: render done');

    await server.start();
    // Submitting again with the same key is the same render, not a second one.
    const again = await server.ok<TRenderSubmitResponse>(
      'POST',
      '/api/shotstack/render?idempotencyKey=crash-render-1',
      seller,
      edit,
    );
    expect(again.response.id).toBe(response.id);
    const done = await waitFor('the render to finish after the restart', 180_000, async () => {
      const now = await statusOf(seller, response.id);
      if (now.status === 'failed') throw new Error(`the render failed: ${now.error}`);
      return now.status === 'done' ? now : null;
    });
    expect(server.output().match(/render: render done/g)).toHaveLength(1);
    const entitlements = await server.ok<TEntitlements>('GET', '/api/entitlements', seller);
    expect(entitlements.used).toBe(1);

    const video = await fetch(done.url!);
    expect(video.status).toBe(200);
    const file = path.join(server.dataDir, 'rendered.mp4');
    await fs.writeFile(file, Buffer.from(await video.arrayBuffer()));
    const facts = await probeVideo(file, { path: null, searchPath: process.env.PATH ?? '' });
    expect(facts.durationSec).toBeGreaterThan(19.9);
    expect(facts.durationSec).toBeLessThan(20.2);
    // One stored result, under the render's own key.
    const stored = await fs.readdir(path.join(server.dataDir, 'storage'), { recursive: true });
    expect(
      stored.filter((f) => String(f).includes('/renders/') && String(f).endsWith('.mp4')),
    ).toHaveLength(1);
  }, 300_000);
});
