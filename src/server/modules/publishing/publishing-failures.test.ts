import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { int64Id } from '../../adapters/tiktok/sandbox/sandbox-ids';
import { tiktokPosts } from '../../db/schema';
import { tiktokSandboxPosts } from '../../adapters/tiktok/sandbox/sandbox-schema';
import { POST_STATUS_JOB } from './publishing-jobs';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import {
  connectedSeller as connectSeller,
  hostSlide as hostOne,
  settlePost,
} from '../../testing/publishing-fixtures';
import { postUsageKey } from './publishing-service';

/**
 * Each way a send can fail (decision 085), driven by the sandbox's failure switches over HTTP:
 * what the seller is told, where the queue ends and how fast, that following the advice works,
 * and that a send that did not arrive used no credit (decision 086).
 */
describe('what the seller is told when a send fails', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(() => t.close());

  const connectedSeller = () => connectSeller(t);
  const hostSlide = (headers: Record<string, string>) => hostOne(t, headers);

  const send = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/tiktok/photo/upload/init', headers, payload });

  const queue = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/queue', headers })).json<{
      items: { id: string; status: string; hint: string; fail_reason: string | null }[];
    }>().items;

  const credits = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/entitlements', headers })).json<{
      remainingQuota: number;
    }>().remainingQuota;

  const received = async (openId: string) =>
    (await t.db.db.select().from(tiktokSandboxPosts).where(eq(tiktokSandboxPosts.openId, openId)))
      .length;

  const settle = (id: string, states: string[]) => settlePost(t, { id }, states);

  /** No TikTok code, no internal id in what the seller reads. */
  const plain = (text: string) => {
    expect(text).not.toMatch(/[a-z]+_[a-z_]+/);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  };

  it.each([
    {
      kind: 'an answer with an error (TikTok 5xx)',
      on: { server_error: true },
      status: 502,
      code: 'tiktok_error',
      says: /TikTok had a problem on its side .* Send it again in a few minutes\./,
    },
    {
      kind: 'a refusal (the token expired)',
      on: { token_expired: true },
      status: 409,
      code: 'tiktok_reconnect_needed',
      says: /connection has expired.* Reconnect the account in Settings, then send it again\./,
    },
    {
      kind: 'a limit (rate limit)',
      on: { rate_limited: true },
      status: 429,
      code: 'tiktok_rate_limited',
      says: /limiting how fast .* Wait a minute, then send it again\./,
    },
    {
      kind: 'a limit (too many pending shares)',
      on: { pending_share_limit: true },
      status: 429,
      code: 'tiktok_pending_limit',
      says: /at most 5 posts waiting .* post or delete the drafts in your inbox, then send it again\./,
    },
  ])(
    '$kind: said once, ends failed at once, no credit used, and sending again works',
    async ({ on, status, code, says }) => {
      const u = await connectedSeller();
      const before = await credits(u.headers);
      await u.switches(on);
      const payload = {
        title: 'Failing carousel',
        photo_images: [await hostSlide(u.headers)],
        idempotency_key: `fail-${code}-${u.userId.slice(0, 8)}`,
      };
      const refused = await send(u.headers, payload);
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json().code).toBe(code);
      expect(refused.json().error).toMatch(says);
      plain(refused.json().error);

      // Final at once, with the same words: no "Publishing" lock, no "Pending".
      const [item] = await queue(u.headers);
      expect(item).toMatchObject({ status: 'failed' });
      expect(item!.hint).toBe(`Failed: ${refused.json().error}`);
      plain(item!.hint);
      expect(await credits(u.headers)).toBe(before);

      // The advice was "send it again": the same dialog's same key is a new attempt.
      await u.switches({});
      const again = await send(u.headers, payload);
      expect(again.statusCode, again.body).toBe(200);
      await settle(again.json().data.post_id, ['in_inbox']);
      expect(await received(u.openId)).toBe(1);
      expect(await credits(u.headers)).toBe(before - 1);
      const items = await queue(u.headers);
      expect(items.map((i) => i.status)).toEqual(['review', 'failed']);
    },
  );

  it('a status check refused after TikTok took the post ends it at once, in words, with its credit back', async () => {
    const u = await connectedSeller();
    const before = await credits(u.headers);
    // A carousel TikTok took and is still downloading, as the init leaves it (its credit held).
    // (TikTok has in fact delivered it to the inbox; Hookreel has not heard yet.)
    const publishId = `p_inbox_url~v2.${int64Id()}`;
    const inboxId = randomUUID();
    await t.db.db.insert(tiktokSandboxPosts).values({
      id: inboxId,
      publishId,
      ownerUserId: u.userId,
      openId: u.openId,
      kind: 'photo',
      status: 'SEND_TO_USER_INBOX',
      title: 'Taken, then refused',
    });
    const postId = randomUUID();
    const now = Date.now();
    await t.db.db.insert(tiktokPosts).values({
      id: postId,
      userId: u.userId,
      openId: u.openId,
      kind: 'photo',
      clientKey: randomUUID(),
      title: 'Taken, then refused',
      media: { keys: [] },
      state: 'downloading',
      tiktokStatus: 'PROCESSING_DOWNLOAD',
      publishId,
      attempts: 1,
      initStartedAt: new Date(now),
      nextCheckAt: new Date(now + 3000),
      deadlineAt: new Date(now + 30 * 60_000),
    });
    await t.usage.recordUsage(u.userId, 'carousel', postUsageKey(postId));
    expect(await credits(u.headers)).toBe(before - 1);

    // Then the connection ends, and the next status check is refused.
    await u.switches({ token_expired: true });
    // The status check the init schedules, sent as the init does (the worker is the app's own).
    await t.jobs.send(POST_STATUS_JOB, { postId }, { singletonKey: postId });

    const row = await settle(postId, ['failed']);
    expect(row.failReason).toBe('status_reconnect');
    const [item] = await queue(u.headers);
    expect(item).toMatchObject({ status: 'failed' });
    expect(item!.hint).toMatch(
      /^Failed: TikTok took this post, but the TikTok connection expired .* Check your TikTok inbox: .* reconnect the account in Settings, then send it again\.$/,
    );
    plain(item!.hint);
    expect(await credits(u.headers)).toBe(before);

    // TikTok's later word is the truth: the seller posts it from the app, the webhook arrives.
    await u.switches({});
    const posted = await t.app.inject({
      method: 'POST',
      url: `/tiktok-sandbox/api/posts/${inboxId}/publish`,
      headers: u.headers,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const late = await settle(postId, ['published']);
    expect(late).toMatchObject({ failReason: null, message: null });
  });

  it('a post TikTok failed after taking it (slide too large) gives its credit back', async () => {
    const u = await connectedSeller();
    const before = await credits(u.headers);
    await u.switches({ picture_size_fails: true });
    const payload = {
      title: 'Too large',
      photo_images: [await hostSlide(u.headers)],
      idempotency_key: `size-${u.userId.slice(0, 8)}`,
    };
    const sent = await send(u.headers, payload);
    expect(sent.statusCode, sent.body).toBe(200);
    const row = await settle(sent.json().data.post_id, ['failed']);
    expect(row.failReason).toBe('picture_size_check_failed');
    const [item] = await queue(u.headers);
    expect(item!.hint).toMatch(
      /^Failed: One of the slides is too large .* Send the carousel again/,
    );
    plain(item!.hint);
    expect(await credits(u.headers)).toBe(before);

    await u.switches({});
    const again = await send(u.headers, payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.post_id).not.toBe(sent.json().data.post_id);
    await settle(again.json().data.post_id, ['in_inbox']);
    expect(await credits(u.headers)).toBe(before - 1);
  });
});
