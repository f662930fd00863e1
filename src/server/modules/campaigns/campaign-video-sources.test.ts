import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignItem } from '#contract/campaigns';
import {
  ZCharacter,
  ZCharacterListResponse,
  ZGenerateCharacterResponse,
} from '#contract/characters';
import type { FaceBox } from '#contract/hook-demo';
import {
  END_CARD_SEC,
  TIKTOK_SAFE_ZONE,
  buildHookDemoEdit,
  faceBoxFor,
  fitHookOverlay,
} from '#contract/hook-demo';
import type { TRenderEdit } from '#contract/render';
import { productVideoOriginalPath } from '#contract/user-videos';
import { aiDailyUsage, campaignItems, productVideos, renders } from '../../db/schema';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { measureHookText } from '../../media/hook-text';
import type { FakeSpeechServer } from '../../testing/fakes/fake-openai-speech-server';
import { startFakeOpenAiSpeechServer } from '../../testing/fakes/fake-openai-speech-server';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import { connectedSeller } from '../../testing/publishing-fixtures';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';
import { makeMp4 } from '../../testing/tiktok-sandbox-fixtures';
import { CAMPAIGN_SEND_JOB } from './campaign-jobs';
import { plannedVideoItem, seedLibrary } from './campaigns-test-kit';

// What a scheduled Hook + Demo takes from other modules when the server renders it on its own:
// the hook read aloud (decision 140, the voice module's reading) and the character's face box
// (decision 139, the characters module's), through the real job queue, renderer and sandbox; and
// every look the editor saved on the item (fit, sliders, pacing, end card, text style).

const run = promisify(execFile);
const settings = { path: null, searchPath: process.env.PATH ?? '' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Headers = Record<string, string>;

/** The loudness (dB) of a file's sound between two times; -91 when it has none. */
const meanVolume = async (file: string, from: number, to: number) => {
  const { stderr } = await run(await resolveFfmpeg(settings), [
    ...['-hide_banner', '-ss', String(from), '-t', String(to - from), '-i', file],
    ...['-vn', '-af', 'volumedetect', '-f', 'null', '-'],
  ]).catch(() => ({ stderr: '' }));
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -91);
};

// Each item renders 1080x1920 video through the job queue; under CI's load that takes minutes.
describe('a campaign render’s voice and face', { timeout: 300_000 }, () => {
  let t: ListeningTestApp;
  let fake: FakeSpeechServer;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-campaign-sources-'));
    const tone = path.join(dir, 'tone.wav');
    await run(await resolveFfmpeg(settings), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'sine=f=880:sample_rate=24000:d=3', tone],
    ]);
    fake = await startFakeOpenAiSpeechServer({
      kind: 'audio',
      body: await fs.readFile(tone),
      contentType: 'audio/wav',
    });
    t = await createListeningTestApp(
      { starterCharacters: { dir } },
      { env: { AI_VOICE_BASE_URL: fake.url, AI_VOICE_MODEL: 'tts-1', AI_VOICE_API_KEY: 'sk-v' } },
    );
    await seedLibrary(t);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  /** A connected pro seller, a planned campaign and its video item, with a product video. */
  const videoItem = async () => {
    const u = await connectedSeller(t, { plan: 'pro' });
    const product = await call('POST', '/api/products', u.headers, SAMPLE_PRODUCTS.serum);
    const seller = { ...u, productId: product.json<{ id: string }>().id };
    return { ...seller, ...(await plannedVideoItem(t, seller)) };
  };

  /** Saves the item's Hook + Demo as the editor does and schedules it two seconds from now. */
  const schedule = async (
    v: Awaited<ReturnType<typeof videoItem>>,
    hook: string,
    assets: Record<string, unknown>,
  ) => {
    const saved = await call('PATCH', v.base, v.headers, {
      hook,
      productId: v.productId,
      assets: {
        productVideos: [v.video],
        ugcMediaType: 'custom',
        ugcDurationSec: 1,
        productDurationSec: 1,
        ...assets,
      },
    });
    expect(saved.json<TCampaignItem>().status, saved.body).toBe('assets_ready');
    const res = await call('PATCH', v.base, v.headers, {
      dateScheduled: new Date(Date.now() + 2000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const lastJob = async (v: { headers: Headers; item: TCampaignItem }) =>
    (await call('GET', `/api/campaign-items/${v.item.id}`, v.headers)).json<TCampaignItem>()
      .lastJob;

  const settled = async (v: { headers: Headers; item: TCampaignItem }, ms = 240_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const job = await lastJob(v);
      if (job?.status === 'done' || job?.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`item still ${JSON.stringify(job)}`);
      await sleep(250);
    }
  };

  const renderOf = async (itemId: string) => {
    const [row] = await t.db.db.select().from(campaignItems).where(eq(campaignItems.id, itemId));
    const [render] = await t.db.db.select().from(renders).where(eq(renders.id, row!.renderId!));
    return render!;
  };

  const aiUnits = async (userId: string) =>
    (await t.db.db.select().from(aiDailyUsage).where(eq(aiDailyUsage.userId, userId)))[0]?.count ??
    0;

  /** The send job's waiting retry runs now (the backoff waits 20 s and more), or as its last. */
  const retryNow = async (itemId: string, { last = false } = {}) => {
    const retried = async () =>
      (
        await t.db.executor.executeSql(
          `UPDATE pgboss.job SET start_after = now()${last ? ', retry_count = retry_limit' : ''}
            WHERE name = $1 AND state = 'retry' AND data->>'itemId' = $2 RETURNING id`,
          [CAMPAIGN_SEND_JOB.name, itemId],
        )
      ).rows.length;
    await expect.poll(retried, { timeout: 30_000, interval: 250 }).toBe(1);
  };

  it('reads the hook aloud under the hook part, trying again while the voice model is busy', async () => {
    const v = await videoItem();
    const units = await aiUnits(v.userId);
    const asked = fake.requests.length;
    // The first reading is refused as rate limited: the send job tries again, and says so.
    fake.reply({
      kind: 'error',
      status: 429,
      message: 'Rate limit',
      headers: { 'retry-after': '1' },
    });
    await schedule(v, 'My skin after two weeks of this', {
      selectedCharacter: v.backdrop,
      hookVoice: true,
    });
    await expect
      .poll(async () => (await lastJob(v))?.last_error ?? '', { timeout: 60_000, interval: 250 })
      .toBe(
        'Retrying: the hook’s voice could not be made: the voice model was busy (rate limited).',
      );
    await retryNow(v.item.id);

    const job = await settled(v);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'done' });
    expect(fake.requests.slice(asked).map((r) => r.body.input)).toEqual([
      'My skin after two weeks of this',
      'My skin after two weeks of this',
    ]);
    // One unit of the AI allowance, as POST /api/voice/hook takes: the refused try gave its back.
    expect(await aiUnits(v.userId)).toBe(units + 1);

    const render = await renderOf(v.item.id);
    const edit = render.edit as TRenderEdit;
    expect(edit.timeline.soundtrack?.src).toContain(`users/${v.userId}/voice/`);
    const file = path.join(dir, 'voiced.mp4');
    await fs.writeFile(file, (await t.storage.get(render.outputKey!))!.body);
    // Heard under the 1 s hook part, not under the product video.
    expect(await meanVolume(file, 0.1, 0.9)).toBeGreaterThan(-30);
    expect(await meanVolume(file, 1.1, 1.9)).toBeLessThan(-60);
  });

  /** The item failed with these words, and no render was submitted for it. */
  const expectFailedUnrendered = async (
    v: { headers: Headers; item: TCampaignItem },
    sentence: string,
  ) => {
    expect(await settled(v, 60_000)).toMatchObject({ status: 'failed', last_error: sentence });
    const [row] = await t.db.db.select().from(campaignItems).where(eq(campaignItems.id, v.item.id));
    expect(row!.renderId).toBeNull();
  };

  it('fails the item with a sentence when the voice model is still busy on the send job’s last try', async () => {
    const v = await videoItem();
    const busy = { kind: 'error', status: 429, message: 'Rate limit' } as const;
    fake.reply(busy);
    fake.reply(busy);
    await schedule(v, 'Three limes, one squeeze', {
      selectedCharacter: v.backdrop,
      hookVoice: true,
    });
    await expect
      .poll(async () => (await lastJob(v))?.last_error ?? '', { timeout: 60_000, interval: 250 })
      .toMatch(/^Retrying: the hook’s voice could not be made/);
    // The backoff's later tries come minutes apart: the waiting retry is made the last one, now.
    await retryNow(v.item.id, { last: true });
    await expectFailedUnrendered(
      v,
      'Not sent: the hook’s voice could not be made: the voice model was busy (rate limited). Turn the voice off for this item, or schedule it again.',
    );
  });

  it('fails the item with a sentence when the reading cannot be made, rendering nothing', async () => {
    const v = await videoItem();
    fake.reply({ kind: 'html' });
    await schedule(v, 'The drawer juicer, tested', {
      selectedCharacter: v.backdrop,
      hookVoice: true,
    });
    await expectFailedUnrendered(
      v,
      'Not sent: the hook’s voice could not be made: the voice model answered audio that cannot be read. Turn the voice off for this item, or schedule it again.',
    );
  });

  it('places the hook clear of a generated character’s face, as the characters module found it', async () => {
    const v = await videoItem();
    const generated = await call('POST', '/api/characters/generate', v.headers, {
      prompt: 'a man in his 50s in a kitchen holding a lime',
      stylePreset: 'iphone',
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const generation = ZGenerateCharacterResponse.parse(generated.json());
    const saved = await call('POST', '/api/characters', v.headers, {
      name: generation.name,
      imageUrl: generation.imageUrl,
      stylePreset: 'iphone',
      characterId: generation.id,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const character = ZCharacter.parse(saved.json());
    const faceOf = async () =>
      ZCharacterListResponse.parse(
        (await call('GET', '/api/characters', v.headers)).json(),
      ).characters.find((c) => c.id === character.id)?.faceBox ?? null;
    await expect.poll(faceOf, { timeout: 120_000, interval: 250 }).not.toBeNull();
    const face = (await faceOf())!;

    const hook = 'POV: the juicer that fits in a tiny kitchen drawer';
    await schedule(v, hook, {
      selectedCharacter: character.imageUrl,
      selectedCharacterId: character.id,
    });
    const job = await settled(v);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'done' });

    // The overlay the campaign built is the one the editor builds with this face box…
    const edit = (await renderOf(v.item.id)).edit as TRenderEdit;
    const overlay = edit.timeline.tracks[0]!.clips[0]!;
    const expected = buildHookDemoEdit({
      hookText: hook,
      characterUrl: '/c.jpg',
      productVideoUrl: '/p.mp4',
      faceBox: face,
      measure: measureHookText,
      ugcDurationSec: 1,
      productDurationSec: 1,
    }).timeline.tracks[0]!.clips[0]!;
    expect(overlay).toEqual(expected);
    // (The painted face sits elsewhere than the fallback's: the box really came through.)
    const fallback = buildHookDemoEdit({
      hookText: hook,
      characterUrl: '/c.jpg',
      productVideoUrl: '/p.mp4',
      measure: measureHookText,
      ugcDurationSec: 1,
      productDurationSec: 1,
    }).timeline.tracks[0]!.clips[0]!;
    expect(overlay.offset).not.toEqual(fallback.offset);
    // …and its text block, where that overlay sits, is clear of the face and in the safe zone.
    const fit = fitHookOverlay(hook, { faceBox: face, measure: measureHookText });
    expect(overlay.offset?.y).toBeCloseTo(0.5 - fit.anchorY, 3);
    expectClearOfFace(fit, face);
  });

  it('renders everything the editor saved: end card, text box, sliders, pacing and Fit', async () => {
    const v = await videoItem();
    // A landscape upload whose original was kept (decision 131), as the videos module stores it.
    await t.db.db.insert(productVideos).values({
      id: path.basename(v.video, '.mp4'),
      userId: v.userId,
      path: v.video,
      name: 'juicer.mp4',
      durationMs: 2000,
      sizeBytes: 1,
      source: 'upload',
      originalWidth: 640,
      originalHeight: 360,
    });
    await t.storage.put(
      productVideoOriginalPath(v.video),
      await makeMp4(t.config.ffmpeg, { seconds: 2, size: '640x360' }),
      'video/mp4',
    );
    const hook = 'The juicer that fits in a drawer';
    // The editor's state as it saves it (demoAssets): every field it builds its render from.
    const look = {
      productVideoFit: 'contain',
      textFontScale: 1.25,
      textYOffset: -0.1,
      ugcDurationSec: 1,
      productDurationSec: 1.5,
      endCard: { title: 'Citrus Drawer Juicer', price: '$24' },
      hookStyle: 'box',
    } as const;
    // The editor saves the character's id beside its URL, null for an image that is no character
    // (else the plan's pre-made one, and its face box, would stay on the item).
    await schedule(v, hook, { selectedCharacter: v.backdrop, selectedCharacterId: null, ...look });
    const job = await settled(v);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'done' });

    const render = await renderOf(v.item.id);
    const edit = render.edit as TRenderEdit;
    // The footage is the bottom track, under the hook's and the end card's.
    const footage = edit.timeline.tracks.at(-1)!.clips;
    // Fit: the kept original, fitted inside the frame, rather than the blur-filled stored video.
    expect(footage[1]!.asset).toMatchObject({ src: expect.stringContaining('.original.mp4') });
    // The edit the editor builds for the same assets (its own URLs aside: these are signed here).
    const editors = buildHookDemoEdit({
      hookText: hook,
      characterUrl: (footage[0]!.asset as { src: string }).src,
      productVideoUrl: `/${v.video}`,
      productOriginalUrl: (footage[1]!.asset as { src: string }).src,
      // A library image, not a character the seller has: the editor's fallback face box too.
      faceBox: faceBoxFor(null),
      measure: measureHookText,
      ...look,
    });
    expect(edit.timeline).toEqual(editors.timeline);
    expect(edit.output).toEqual(editors.output);
    // (Not the defaults: an end card's tracks, the box's background, the seller's pacing.)
    expect(edit.timeline.tracks.length).toBeGreaterThan(2);
    expect(edit.timeline.tracks[0]!.clips[0]!.asset).toMatchObject({
      background: { color: '#ffffff' },
    });
    expect(footage.map((c) => [c.start, c.length, c.fit])).toEqual([
      [0, 1, 'crop'],
      [1, 1.5, 'contain'],
    ]);
    // The rendered file is as long as the three parts.
    const file = path.join(dir, 'looked.mp4');
    await fs.writeFile(file, (await t.storage.get(render.outputKey!))!.body);
    const { stderr } = await run(await resolveFfmpeg(settings), ['-hide_banner', '-i', file]).catch(
      (e: { stderr: string }) => e,
    );
    const [, h, m, sec] = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr) ?? [];
    expect(Number(h) * 3600 + Number(m) * 60 + Number(sec)).toBeCloseTo(2.5 + END_CARD_SEC, 1);
  });
});

const expectClearOfFace = (block: { top: number; bottom: number }, face: FaceBox) => {
  const clear = block.bottom < face.top * 1920 || block.top > face.bottom * 1920;
  expect(clear, JSON.stringify({ block, face })).toBe(true);
  expect(block.top).toBeGreaterThanOrEqual(TIKTOK_SAFE_ZONE.top);
  expect(block.bottom).toBeLessThanOrEqual(TIKTOK_SAFE_ZONE.bottom);
};
