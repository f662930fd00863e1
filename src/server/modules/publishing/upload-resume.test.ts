import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tiktokPosts, users } from '../../db/schema';
import { defineJob } from '../../jobs/define-job';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { storeClip } from '../../testing/render-attack';
import { seedFinishedRender } from '../../testing/render-fixtures';
import type { ScriptedTikTok } from '../../testing/scripted-tiktok';
import { startScriptedTikTok } from '../../testing/scripted-tiktok';

/** The reconciliation job by its queue name, as its every-minute schedule sends it. */
const reconcileNow = defineJob({
  name: 'tiktok-post-reconcile',
  schema: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  concurrency: 1,
  handle: async () => undefined,
});

const until = async <T>(what: string, probe: () => Promise<T | null | undefined>) => {
  for (let i = 0; i < 150; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen`);
};

/**
 * Issue 22: a video post whose sender died mid-upload (kill -9) waited for the queue to give up on
 * the dead sender's job (minutes) before the upload went on. With the upload lease (decision
 * 073) it resumes at the next reconciliation once the lease ran out, sent by one sender, and the
 * post is initialised once.
 */
describe('a video upload cut off by a dead sender', () => {
  let t: TestApp;
  let seams: ScriptedTikTok;
  beforeAll(async () => {
    seams = await startScriptedTikTok();
    t = await createTestApp({}, { env: seams.env });
  });
  afterAll(async () => {
    await t?.close();
    await seams?.close();
  });

  it('resumes once the sender’s lease ran out, while its job still looks active', async () => {
    const u = await t.createUser();
    await t.db.db
      .update(users)
      .set({ plan: 'pro', subscriptionStatus: 'active' })
      .where(eq(users.id, u.userId));
    await seams.connect(t, u.userId);
    await storeClip(t, `users/${u.userId}/clip.mp4`, '0x336699');
    const mp4 = (await t.storage.get(`users/${u.userId}/clip.mp4`))!.body;
    const rendered = await seedFinishedRender(t, u.userId, mp4);
    seams.script.dieOnNextUpload = true;

    const init = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/video/upload/init',
      headers: u.headers,
      payload: {
        title: 'Clip',
        video_url: rendered.url,
        idempotency_key: 'resume-after-crash',
      },
    });
    expect(init.statusCode, init.body).toBe(200);
    const publishId = init.json<{ data: { publish_id: string } }>().data.publish_id;
    const inits = seams.calls.videoInits.length;
    await until('the first sender to start', async () => seams.calls.uploadsStarted > 0);
    const [post] = await t.db.db
      .select()
      .from(tiktokPosts)
      .where(eq(tiktokPosts.publishId, publishId));

    // Its process "died" mid-upload (SIGKILL runs no cleanup): the lease it held is left to run
    // out, and its job stays active in the queue, as a dead worker's job does until it expires.
    await until('the first sender to end', async () => {
      const { rows } = await t.db.executor.executeSql(
        `select state from pgboss.job where name = 'tiktok-post-upload' and data->>'postId' = $1`,
        [post!.id],
      );
      return (rows as { state: string }[]).some(
        (r) => r.state !== 'active' && r.state !== 'created',
      );
    });
    await t.db.executor.executeSql(
      `update pgboss.job set state = 'active', started_on = now()
        where name = 'tiktok-post-upload' and data->>'postId' = $1`,
      [post!.id],
    );
    await t.db.db
      .update(tiktokPosts)
      .set({
        uploadHolder: 'a-process-that-died',
        uploadLeaseUntil: new Date(Date.now() - 1000),
        nextCheckAt: new Date(Date.now() - 1000),
      })
      .where(eq(tiktokPosts.id, post!.id));
    await t.jobs.send(reconcileNow, {});

    const uploaded = await until('the upload to resume', async () => {
      const [row] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      return row?.media.uploaded ? row : null;
    });
    expect(uploaded.uploadHolder).toBeNull();
    // The whole video went once, by the sender that took over; the post was initialised once.
    expect(seams.calls.chunks.reduce((sum, c) => sum + c.bytes, 0)).toBe(mp4.length);
    expect(seams.calls.videoInits.length).toBe(inits);

    const delivered = await until('the post to reach the inbox', async () => {
      const [row] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      return row?.state === 'in_inbox' ? row : null;
    });
    expect(delivered.media.uploaded).toBe(true);
    expect(seams.calls.videoInits.length).toBe(inits);
  }, 90_000);
});
