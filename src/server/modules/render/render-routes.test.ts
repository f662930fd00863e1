import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHookDemoEdit } from '#contract/hook-demo';
import type {
  TRenderRefusal,
  TRenderStatusResponse,
  TRenderSubmitResponse,
} from '#contract/render';
import type { TQueue } from '#contract/tiktok-posts';
import { renders, usageEvents, users } from '../../db/schema';
import { normalizeVideo, probeVideo } from '../../media/canonical-video';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { createTestApp, type TestApp } from '../../testing/test-app';

const run = promisify(execFile);
let t: TestApp;
let dir: string;
let characterUrl: string;
let productUrl: string;

type User = Awaited<ReturnType<TestApp['createUser']>>;

const setPlan = (userId: string, plan: 'free' | 'basic') =>
  t.db.db
    .update(users)
    .set({ plan, subscriptionStatus: plan === 'free' ? null : 'active' })
    .where(eq(users.id, userId));

/** A canonical clip in storage, by the signed /files URL the renderer fetches like any own media. */
const storedClip = async (name: string, colour: string) => {
  const ffmpeg = await resolveFfmpeg(t.config.ffmpeg);
  const raw = path.join(dir, `${name}-raw.mp4`);
  await run(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:s=360x640:r=30:d=2`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    raw,
  ]);
  const out = path.join(dir, `${name}.mp4`);
  await normalizeVideo({
    input: raw,
    output: out,
    fit: 'crop',
    maxSeconds: 30,
    settings: t.config.ffmpeg,
  });
  const key = `test/${name}.mp4`;
  await t.storage.put(key, await readFile(out), 'video/mp4');
  return t.storage.signedUrl(key, 3600);
};

const edit = (over: Partial<Parameters<typeof buildHookDemoEdit>[0]> = {}) =>
  buildHookDemoEdit({
    hookText: 'Wait for the end',
    characterUrl,
    productVideoUrl: productUrl,
    ugcDurationSec: 1,
    productDurationSec: 1,
    ...over,
  });

const submit = (user: User, body: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shotstack/render${key ? `?idempotencyKey=${key}` : ''}`,
    headers: user.headers,
    payload: body as object,
  });

const status = (user: User, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/shotstack/status/${id}?env=local`,
    headers: user.headers,
  });

const usageFor = (userId: string, id: string) =>
  t.db.db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.idempotencyKey, `render:${id}`)));

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'render-routes-'));
  characterUrl = await storedClip('character', '0x203070');
  productUrl = await storedClip('product', '0xd02020');
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('POST /api/shotstack/render and GET /api/shotstack/status/{id}', () => {
  it('renders once per key, counts it once when done, and serves it at a stable URL', async () => {
    const user = await t.createUser();
    await setPlan(user.userId, 'basic');
    const first = await submit(user, edit(), 'render-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    const started = first.json<TRenderSubmitResponse>();
    expect(started).toMatchObject({
      response: { status: 'queued' },
      message: 'Render Successfully Queued',
      environment: 'local',
    });
    const again = await submit(user, edit(), 'render-key-0001');
    expect(again.json<TRenderSubmitResponse>().response.id).toBe(started.response.id);

    await t.jobs.drain();
    const done = (await status(user, started.response.id)).json<TRenderStatusResponse>();
    expect(done.response).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(await usageFor(user.userId, started.response.id)).toHaveLength(1);

    const url = new URL(done.response.url!);
    expect(url.origin).toBe('http://localhost:3999');
    const video = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    const file = path.join(dir, 'served.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, video.rawPayload));
    const facts = await probeVideo(file, t.config.ffmpeg);
    expect(facts.video).toMatchObject({ width: 1080, height: 1920, fps: 30 });
    expect(facts.durationSec).toBeGreaterThan(1.9);
    expect(facts.durationSec).toBeLessThan(2.15);
    const part = await t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}?k=AAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.statusCode).toBe(404);

    // The queue panel follows it as a product-demo item.
    const queue = (
      await t.app.inject({ method: 'GET', url: '/api/queue', headers: user.headers })
    ).json<TQueue>();
    expect(queue.items[0]).toMatchObject({
      id: started.response.id,
      type: 'product-demo',
      status: 'completed',
      progress: 100,
      hint: 'Render complete',
      prompt: 'Wait for the end',
      video_url: done.response.url,
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/queue/${started.response.id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(204);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/queue', headers: user.headers })
    ).json<TQueue>();
    expect(after.items.find((i) => i.id === started.response.id)).toBeUndefined();
    // Off the panel, the video still plays.
    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(
      200,
    );
  }, 120_000);

  it('answers 404 for another user’s render, and 402 with the reason before rendering', async () => {
    const owner = await t.createUser();
    await setPlan(owner.userId, 'basic');
    const started = (await submit(owner, edit())).json<TRenderSubmitResponse>();
    const stranger = await t.createUser();
    const res = await status(stranger, started.response.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });

    const refused = await submit(stranger, edit());
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'no_plan' });
    await t.jobs.drain();
  }, 120_000);

  it('refuses what cannot be rendered with a 400 that lists every field at once', async () => {
    const user = await t.createUser();
    await setPlan(user.userId, 'basic');
    const body = edit() as unknown as {
      timeline: { tracks: { clips: { asset: object }[] }[] };
      output: object;
    };
    Object.assign(body.timeline.tracks[1]!.clips[1]!, { filter: 'greyscale', opacity: 0.5 });
    body.timeline.tracks[1]!.clips[0]!.asset = { type: 'luma', src: characterUrl };
    Object.assign(body.output, { quality: 'high' });
    const res = await submit(user, body);
    expect(res.statusCode).toBe(400);
    const refusal = res.json<TRenderRefusal>();
    expect(refusal).toMatchObject({
      code: 'validation_error',
      field: 'timeline.tracks.1.clips.0.asset.type',
    });
    expect(refusal.issues!.map((i) => i.field).sort()).toEqual([
      'output.quality',
      'timeline.tracks.1.clips.0.asset.type',
      'timeline.tracks.1.clips.1.filter',
      'timeline.tracks.1.clips.1.opacity',
    ]);
    expect(refusal.error).toMatch(/^This edit cannot be rendered: 4 fields are not supported/);
    expect(refusal.error).toContain('timeline.tracks.1.clips.1.filter: Unsupported field');
    // Nothing was started or held.
    expect(await t.db.db.select().from(renders).where(eq(renders.userId, user.userId))).toEqual([]);
    expect(
      await t.db.db.select().from(usageEvents).where(eq(usageEvents.userId, user.userId)),
    ).toEqual([]);
  });

  it("takes Shotstack's hello-world as published, merge fields and all", async () => {
    const user = await t.createUser();
    await setPlan(user.userId, 'basic');
    const res = await submit(user, {
      timeline: {
        soundtrack: { src: '/files/test/music.mp3', effect: 'fadeOut' },
        background: '#000000',
        tracks: [
          {
            clips: [
              {
                asset: { type: 'title', text: '{{ GREETING }}', style: 'minimal' },
                start: 0,
                length: 'auto',
                transition: { in: 'fade', out: 'fade' },
              },
            ],
          },
        ],
      },
      output: { format: 'mp4', resolution: 'sd' },
      merge: [{ find: 'GREETING', replace: 'Hello World' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TRenderSubmitResponse>().response.status).toBe('queued');
  });

  it('refuses a hook too long to draw legibly with a sentence and a stable code, charging nothing', async () => {
    const user = await t.createUser();
    await setPlan(user.userId, 'basic');
    // 303 characters: twelve lines at the editor's size, still more than four at the smallest.
    const res = await submit(user, edit({ hookText: 'margarita night '.repeat(19).trim() }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'text_too_long',
      field: 'timeline.tracks.0.clips.0.asset',
    });
    expect(res.json<{ error: string }>().error).toMatch(
      /^The text "margarita night[^"]*…" is too long to show legibly: at this size it needs \d+ lines, and at most 4 lines/,
    );
    const renders = await t.app.inject({ method: 'GET', url: '/api/queue', headers: user.headers });
    expect(renders.json<TQueue>().items).toEqual([]);
  });

  it('fails a render whose clip cannot be fetched, and never charges it', async () => {
    const user = await t.createUser();
    await setPlan(user.userId, 'basic');
    const started = (
      await submit(user, edit({ productVideoUrl: 'http://localhost:3999/files/test/missing.mp4' }))
    ).json<TRenderSubmitResponse>();
    await t.jobs.drain();
    const failed = (await status(user, started.response.id)).json<TRenderStatusResponse>();
    expect(failed.response).toMatchObject({ status: 'failed', progress: 0, url: null });
    expect(failed.response.error).toMatch(/Could not fetch a clip/);
    expect(await usageFor(user.userId, started.response.id)).toHaveLength(0);
    // Internal and private addresses are refused by the SSRF guard, not fetched.
    const internal = (
      await submit(user, edit({ productVideoUrl: 'http://169.254.169.254/latest/video.mp4' }))
    ).json<TRenderSubmitResponse>();
    await t.jobs.drain();
    const guarded = (await status(user, internal.response.id)).json<TRenderStatusResponse>();
    expect(guarded.response.status).toBe('failed');
    expect(guarded.response.error).toMatch(/cannot be fetched/);
  }, 120_000);
});
