import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffconcatTo, playlistTo } from '../../testing/media-attacks';
import {
  loopbackAttackers,
  renderAs,
  startAttackerServer,
  twoSellers,
} from '../../testing/render-attack';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Issue 22: an "mp4" that is really an HLS playlist (or an ffconcat list) naming another seller's
 * stored video by `file://` rendered that video into the attacker's output. Whether it comes from
 * the attacker's web server or from the attacker's own storage, the render must fail saying why,
 * with no output.
 */
let t: TestApp;
let sellers: Awaited<ReturnType<typeof twoSellers>>;
let attacker: Awaited<ReturnType<typeof startAttackerServer>>;
let served: Buffer;

beforeAll(async () => {
  t = await createTestApp({}, { build: { outboundAllowLocal: loopbackAttackers } });
  sellers = await twoSellers(t);
  attacker = await startAttackerServer(() => served);
}, 120_000);
afterAll(async () => {
  await attacker?.close();
  await t?.close();
});

describe('a render reads only what it was given', () => {
  it.each([
    ['an HLS playlist', () => playlistTo(sellers.stolen.file)],
    ['an ffconcat list', () => ffconcatTo(sellers.stolen.file)],
  ])(
    'refuses %s served as video/mp4 by a web server',
    async (_name, body) => {
      served = body();
      const before = attacker.hits();
      const outcome = await renderAs(
        t,
        sellers.attacker,
        sellers.own.url,
        attacker.url('clip.mp4'),
      );
      expect(attacker.hits()).toBeGreaterThan(before);
      expect(outcome.status).toMatchObject({ status: 'failed', url: null });
      expect(outcome.status.error).toBe(
        'A video clip is not an MP4, MOV or WebM video, so it was not used',
      );
      expect(outcome.outputKey).toBeNull();
    },
    120_000,
  );

  it('refuses a playlist the attacker stored as their own "video"', async () => {
    const key = `users/${sellers.attacker.userId}/product-videos/evil.mp4`;
    await t.storage.put(key, playlistTo(sellers.stolen.file), 'video/mp4');
    const outcome = await renderAs(
      t,
      sellers.attacker,
      sellers.own.url,
      await t.storage.signedUrl(key, 3600),
    );
    expect(outcome.status.status).toBe('failed');
    expect(outcome.status.error).toMatch(/not an MP4, MOV or WebM video/);
    expect(outcome.outputKey).toBeNull();
  }, 120_000);

  it('still renders the attacker’s own real clips', async () => {
    const outcome = await renderAs(t, sellers.attacker, sellers.own.url, sellers.own.url);
    expect(outcome.status).toMatchObject({ status: 'done', error: null });
  }, 120_000);
});
