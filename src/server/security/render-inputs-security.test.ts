import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistTo } from '../testing/media-attacks';
import {
  loopbackAttackers,
  renderAs,
  startAttackerServer,
  twoSellers,
} from '../testing/render-attack';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/**
 * `npm run test:security`, issue 22: on a production server, a render whose "mp4" is an HLS
 * playlist naming another seller's stored video fails, and the video is in no output. The
 * attacker's server is on loopback, which only this test's outbound guard lets through.
 */
describe('a production server renders only what it was given', () => {
  let t: TestApp;
  let attacker: Awaited<ReturnType<typeof startAttackerServer>>;
  let sellers: Awaited<ReturnType<typeof twoSellers>>;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        env: { NODE_ENV: 'production', APP_SECRET: 'operator-chosen-secret-0123456789abcdef' },
        build: { outboundAllowLocal: loopbackAttackers },
      },
    );
    sellers = await twoSellers(t);
    attacker = await startAttackerServer(() => playlistTo(sellers.stolen.file));
  }, 120_000);
  afterAll(async () => {
    await attacker?.close();
    await t?.close();
  });

  it('refuses a playlist served as video/mp4 that names another seller’s video', async () => {
    expect(t.config.env).toBe('production');
    const outcome = await renderAs(t, sellers.attacker, sellers.own.url, attacker.url('a.mp4'));
    expect(attacker.hits()).toBeGreaterThan(0);
    expect(outcome.status.status).toBe('failed');
    expect(outcome.status.error).toMatch(/not an MP4, MOV or WebM video/);
    expect(outcome.outputKey).toBeNull();
  }, 120_000);
});
