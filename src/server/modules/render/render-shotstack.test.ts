import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHookDemoEdit } from '#contract/hook-demo';
import type { TRenderStatusResponse, TRenderSubmitResponse } from '#contract/render';
import { usageEvents, users } from '../../db/schema';
import { normalizeVideo } from '../../media/canonical-video';
import { allowLocalOrigins } from '../../net/safe-fetch';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import {
  startFakeShotstack,
  type FakeShotstackServer,
} from '../../testing/fakes/fake-shotstack-server';
import { createListeningTestApp, type ListeningTestApp } from '../../testing/listening-test-app';

const run = promisify(execFile);
let fake: FakeShotstackServer;
let t: ListeningTestApp;
let dir: string;
let clipUrl: string;
let mp4: Buffer;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  fake = await startFakeShotstack();
  t = await createListeningTestApp(
    {},
    {
      env: { SHOTSTACK_API_KEY: fake.apiKey, SHOTSTACK_ENV: 'stage', SHOTSTACK_API_BASE: fake.url },
      build: { outboundAllowLocal: allowLocalOrigins(fake.url) },
    },
  );
  dir = await mkdtemp(path.join(os.tmpdir(), 'render-shotstack-'));
  const ffmpeg = await resolveFfmpeg(t.config.ffmpeg);
  const raw = path.join(dir, 'raw.mp4');
  await run(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x336699:s=360x640:r=30:d=1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    raw,
  ]);
  const clip = path.join(dir, 'clip.mp4');
  await normalizeVideo({
    input: raw,
    output: clip,
    fit: 'crop',
    maxSeconds: 5,
    settings: t.config.ffmpeg,
  });
  mp4 = await readFile(clip);
  await t.storage.put('test/clip.mp4', mp4, 'video/mp4');
  clipUrl = await t.storage.signedUrl('test/clip.mp4', 3600);
}, 120_000);

afterAll(async () => {
  await t.close();
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

const paidUser = async () => {
  const user = await t.createUser();
  await t.db.db
    .update(users)
    .set({ plan: 'basic', subscriptionStatus: 'active' })
    .where(eq(users.id, user.userId));
  return user;
};

const submit = async (user: Awaited<ReturnType<typeof paidUser>>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shotstack/render',
    headers: user.headers,
    payload: buildHookDemoEdit({
      hookText: 'Shotstack hook',
      characterUrl: '/media/characters/none.mp4',
      productVideoUrl: clipUrl,
      textYOffset: 0.1,
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<TRenderSubmitResponse>();
  expect(body.environment).toBe('stage');
  await t.jobs.drain();
  const sent = [...fake.renders.values()].at(-1)!;
  return { id: body.response.id, sent };
};

const statusOf = async (user: Awaited<ReturnType<typeof paidUser>>, id: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/shotstack/status/${id}?env=stage`,
      headers: user.headers,
    })
  ).json<TRenderStatusResponse>().response;

const waitForStatus = async (
  user: Awaited<ReturnType<typeof paidUser>>,
  id: string,
  want: string,
) => {
  for (let i = 0; i < 100; i++) {
    await t.jobs.drain();
    const now = await statusOf(user, id);
    if (now.status === want) return now;
    await sleep(100);
  }
  throw new Error(`render ${id} never reached ${want}`);
};

const charges = (userId: string, id: string) =>
  t.db.db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.idempotencyKey, `render:${id}`)));

describe('rendering through Shotstack (a local fake of its API)', () => {
  it('sends the edit once with absolute URLs and our overlay, then stores the result its webhook announces', async () => {
    const user = await paidUser();
    const { id, sent } = await submit(user);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(
      fake.requests.every((r) => r.path.startsWith('/output/') || r.apiKey === fake.apiKey),
    ).toBe(true);

    const tracks = (
      sent.edit.timeline as {
        tracks: {
          clips: { asset: { type: string; src: string }; fit?: string; offset?: { y: number } }[];
        }[];
      }
    ).tracks;
    const overlay = tracks[0]!.clips[0]!;
    expect(overlay.asset.type).toBe('image');
    expect(overlay.fit).toBe('none');
    // Placed by its centre where the editor's layout put the hook (a centred clip: its own offset).
    const hook = buildHookDemoEdit({
      hookText: 'Shotstack hook',
      characterUrl: '/media/characters/none.mp4',
      productVideoUrl: clipUrl,
      textYOffset: 0.1,
    }).timeline.tracks[0]!.clips[0]!;
    expect(overlay.offset!.y).toBeCloseTo(hook.offset!.y!, 2);
    // Shotstack can fetch the overlay we drew: it is a PNG at a signed URL of this site.
    const png = await fetch(overlay.asset.src);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(tracks[1]!.clips.map((c) => c.asset.src)).toEqual([
      `${t.appUrl}/media/characters/none.mp4`,
      clipUrl,
    ]);
    expect(sent.edit.callback).toMatch(
      new RegExp(`^${t.appUrl}/api/shotstack/webhook/[A-Za-z0-9_-]{32}$`),
    );
    expect(sent.edit.output).toEqual({
      format: 'mp4',
      size: { width: 1080, height: 1920 },
      fps: 30,
    });
    expect((await statusOf(user, id)).status).toBe('queued');

    await fake.finish(sent.id, mp4);
    expect(fake.callbacks.at(-1)!.status).toBe(200);
    const done = await waitForStatus(user, id, 'done');
    expect(done.progress).toBe(100);
    const url = new URL(done.url!);
    const served = await fetch(url);
    expect(Buffer.from(await served.arrayBuffer()).equals(mp4)).toBe(true);
    expect(await charges(user.userId, id)).toHaveLength(1);

    // A replayed callback changes nothing and charges nothing more.
    const replay = await fetch(sent.edit.callback!, {
      method: 'POST',
      body: '{"status":"done"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(replay.status).toBe(200);
    await t.jobs.drain();
    expect(await charges(user.userId, id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  }, 60_000);

  it('sends a published template as Shotstack takes it: presets, soundtrack, effects, transitions, smart timing', async () => {
    const user = await paidUser();
    const template = JSON.parse(
      await readFile(
        path.join(
          import.meta.dirname,
          '../../adapters/render/shotstack-examples/product-promo-template.json',
        ),
        'utf8',
      ),
    ) as { timeline: { soundtrack: { src: string } } };
    template.timeline.soundtrack.src = '/files/test/upbeat.mp3';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shotstack/render',
      headers: user.headers,
      payload: template,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.drain();
    const sent = [...fake.renders.values()].at(-1)!.edit as {
      timeline: {
        soundtrack: object;
        tracks: { clips: Record<string, unknown>[] }[];
      };
      output: object;
      merge?: unknown;
    };
    expect(sent.output).toEqual({ format: 'mp4', size: { width: 360, height: 640 }, fps: 25 });
    expect(sent.merge).toBeUndefined();
    expect(sent.timeline.soundtrack).toEqual({
      src: `${t.appUrl}/files/test/upbeat.mp3`,
      effect: 'fadeInFadeOut',
      volume: 0.5,
    });
    const [headline, price] = sent.timeline.tracks[0]!.clips;
    // Text and titles go as the PNG we drew (merge fields filled in), with their transitions.
    expect(headline).toMatchObject({
      asset: { type: 'image' },
      start: 0.5,
      length: 2,
      fit: 'none',
      transition: { in: 'slideUp', out: 'fadeFast' },
    });
    expect(price).toMatchObject({ asset: { type: 'image' }, start: 3, length: 'end' });
    // A title placed at the bottom by its own position: its centre sits below the middle.
    expect((price!.offset as { y: number }).y).toBeLessThan(-0.2);
    const footage = sent.timeline.tracks[1]!.clips;
    expect(footage.map((c) => [c.start, c.length, c.effect])).toEqual([
      [0, 3, 'zoomIn'],
      ['auto', 'auto', 'slideRightSlow'],
      ['auto', 1, undefined],
    ]);
    expect(footage[1]!.transition).toEqual({ in: 'reveal', out: 'shuffleTopRight' });
  });

  it('fails a render Shotstack fails, says why, and never charges it', async () => {
    const user = await paidUser();
    const { id, sent } = await submit(user);
    await fake.fail(sent.id, 'Asset could not be fetched');
    const failed = await waitForStatus(user, id, 'failed');
    expect(failed.error).toMatch(/Asset could not be fetched/);
    expect(failed.url).toBeNull();
    expect(await charges(user.userId, id)).toHaveLength(0);
  }, 60_000);

  it('trusts nothing a callback says: a forged token or payload does nothing', async () => {
    const user = await paidUser();
    const { id, sent } = await submit(user);
    const forged = await fetch(`${t.appUrl}/api/shotstack/webhook/${'x'.repeat(32)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'edit',
        id: sent.id,
        status: 'done',
        url: 'http://127.0.0.1:1/evil.mp4',
      }),
    });
    expect(forged.status).toBe(200);
    // The real token with a lying payload: the status is read from Shotstack, which says rendering.
    fake.advance(sent.id, 'rendering');
    await fetch(sent.edit.callback!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'edit',
        id: sent.id,
        status: 'done',
        url: 'http://127.0.0.1:1/evil.mp4',
      }),
    });
    const now = await waitForStatus(user, id, 'rendering');
    expect(now.progress).toBe(70);
    expect(now.url).toBeNull();
    // The credit held at submit (decision 072), once: the lying callbacks added nothing.
    expect(await charges(user.userId, id)).toHaveLength(1);
  }, 60_000);
});
