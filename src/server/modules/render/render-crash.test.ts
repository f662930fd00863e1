import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntitlements } from '#contract/entitlements';
import { probeVideo } from '../../media/canonical-video';
import type { ServerProcess } from '../../testing/server-process';
import { createServerProcess } from '../../testing/server-process';
import { SHORT_LEASES } from '../../testing/short-leases';
import { signedInSeller, subscribe } from '../../testing/server-process-seller';
import { renderStatus, submitStillRender } from '../../testing/server-process-render';
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
    // Taken over seconds after the restart, not a minute (decision 210).
    Object.assign(server.env, SHORT_LEASES);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('finishes the render after a SIGKILL mid-render, once, charged once', async () => {
    await server.start();
    const seller = await signedInSeller(server, 'render-crash');
    await subscribe(server, seller);
    const render = await submitStillRender(server, seller, {
      key: 'crash-render-1',
      hook: 'Crash-proof hook',
    });
    const response = { id: render.id };
    const statusOf = (headers: Record<string, string>, id: string) =>
      renderStatus(server, headers, id);
    await waitFor('ffmpeg to be rendering', 60_000, async () =>
      (await statusOf(seller, response.id)).status === 'rendering' ? true : null,
    );
    await sleep(1000);
    await server.kill();
    expect(server.output()).not.toContain('render: render done');

    await server.start();
    // Submitting again with the same key is the same render, not a second one.
    const again = await render.submitAgain();
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
