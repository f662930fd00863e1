import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildHookDemoEdit } from '#contract/hook-demo';
import type { TRenderStatusResponse, TRenderSubmitResponse } from '#contract/render';
import { renders, users } from '../db/schema';
import { normalizeVideo } from '../media/canonical-video';
import { resolveFfmpeg } from '../media/ffmpeg-path';
import type { LocalHostAllowance } from '../net/safe-fetch';
import type { TestApp } from './test-app';

const run = promisify(execFile);

/**
 * Lets outbound media fetches reach this test's attacker servers on 127.0.0.1 (any port): a build
 * option of tests only; the server's own configuration never passes one.
 */
export const loopbackAttackers: LocalHostAllowance = (host) => /^127\.0\.0\.1:\d+$/.test(host);

/** A web server of the attacker's that answers every path with `body` as "video/mp4". */
export const startAttackerServer = async (body: () => Buffer) => {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    const bytes = body();
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name: string) => `http://127.0.0.1:${port}/${name}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A canonical 1 s clip of one colour in storage at `key`, and its absolute path on disk. */
export const storeClip = async (t: TestApp, key: string, colour: string) => {
  if (t.config.storage.kind !== 'disk') throw new Error('the attack needs disk storage');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'render-attack-'));
  try {
    const raw = path.join(dir, 'raw.mp4');
    await run(await resolveFfmpeg(t.config.ffmpeg), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `color=c=${colour}:s=180x320:r=30:d=1`, '-c:v', 'libx264'],
      ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', raw],
    ]);
    const out = path.join(dir, 'clip.mp4');
    await normalizeVideo({
      input: raw,
      output: out,
      fit: 'crop',
      maxSeconds: 5,
      settings: t.config.ffmpeg,
    });
    await t.storage.put(key, await readFile(out), 'video/mp4');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    file: path.join(t.config.storage.root, key),
    url: await t.storage.signedUrl(key, 3600),
  };
};

/** Two sellers on a paid plan: the victim with a stored product video, the attacker with a clip. */
export const twoSellers = async (t: TestApp) => {
  const victim = await t.createUser();
  const attacker = await t.createUser();
  for (const user of [victim, attacker]) {
    await t.db.db
      .update(users)
      .set({ plan: 'basic', subscriptionStatus: 'active' })
      .where(eq(users.id, user.userId));
  }
  const stolen = await storeClip(
    t,
    `users/${victim.userId}/product-videos/${randomUUID()}.mp4`,
    '0xd02020',
  );
  const own = await storeClip(t, `users/${attacker.userId}/characters/me.mp4`, '0x203070');
  return { victim, attacker, stolen, own };
};

/**
 * The attacker renders a Hook + Demo whose product video is `productVideoUrl` and waits for the
 * outcome: the status answer and whether an output was stored.
 */
export const renderAs = async (
  t: TestApp,
  attacker: { headers: Record<string, string> },
  characterUrl: string,
  productVideoUrl: string,
) => {
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/shotstack/render',
    headers: attacker.headers,
    payload: buildHookDemoEdit({
      hookText: 'Look at this',
      characterUrl,
      productVideoUrl,
      ugcDurationSec: 1,
      productDurationSec: 1,
    }),
  });
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.body}`);
  const id = submitted.json<TRenderSubmitResponse>().response.id;
  await t.jobs.drain(120_000);
  const status = (
    await t.app.inject({
      method: 'GET',
      url: `/api/shotstack/status/${id}?env=local`,
      headers: attacker.headers,
    })
  ).json<TRenderStatusResponse>().response;
  const [row] = await t.db.db.select().from(renders).where(eq(renders.id, id));
  return { status, outputKey: row?.outputKey ?? null };
};
