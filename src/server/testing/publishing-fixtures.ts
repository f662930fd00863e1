import { eq } from 'drizzle-orm';
import type { TSandboxSwitches } from '#contract/tiktok-sandbox-inbox';
import { tiktokPosts, users } from '../db/schema';
import type { ListeningTestApp } from './listening-test-app';
import { multipart, solidPng } from './multipart';
import { seedSandboxAccount } from './tiktok-sandbox-fixtures';

/**
 * The set-up the publishing tests share: a seller on a paid plan with a sandbox account
 * connected through the accounts module, its failure switches, a slide hosted as the upload
 * dialog hosts one, and waiting for a post's record to reach a state.
 */

export const SWITCHES_OFF: TSandboxSwitches = {
  rate_limited: false,
  pending_share_limit: false,
  picture_size_fails: false,
  token_expired: false,
  server_error: false,
  slow_polls: 0,
};

export const connectedSeller = async (
  t: ListeningTestApp,
  {
    plan = 'basic',
    ...sandboxOptions
  }: { plan?: 'basic' | 'plus' | 'pro' } & Parameters<typeof seedSandboxAccount>[2] = {},
) => {
  const u = await t.createUser();
  await t.db.db
    .update(users)
    .set({ plan, subscriptionStatus: 'active' })
    .where(eq(users.id, u.userId));
  const sandbox = await seedSandboxAccount(t.db.db, u.userId, sandboxOptions);
  const day = new Date(Date.now() + 86_400_000);
  await t.tiktokAccounts.connect(
    u.userId,
    {
      openId: sandbox.openId,
      scopes: ['user.info.basic', 'video.upload'],
      accessToken: sandbox.accessToken,
      accessTokenExpiresAt: day,
      refreshToken: 'rft.unused',
      refreshTokenExpiresAt: day,
    },
    { openId: sandbox.openId, displayName: 'Seller', username: sandbox.username, avatarUrl: null },
  );
  /** Sets the account's failure switches through the sandbox's API: those given on, the rest off. */
  const switches = async (on: Partial<TSandboxSwitches>) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/tiktok-sandbox/api/accounts/${sandbox.openId}/switches`,
      headers: u.headers,
      payload: { ...SWITCHES_OFF, ...on },
    });
    if (res.statusCode !== 200) throw new Error(`switches not set: ${res.body}`);
  };
  return { ...u, openId: sandbox.openId, accessToken: sandbox.accessToken, switches };
};

/** A slide hosted on our origin, as the carousel upload dialog hosts each rendered slide. */
export const hostSlide = async (t: ListeningTestApp, headers: Record<string, string>) => {
  const body = multipart([
    { field: 'image', filename: 's.png', type: 'image/png', data: await solidPng(1080, 1350) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/temp-images/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`the slide was not hosted: ${res.body}`);
  return res.json<{ url: string }>().url;
};

/**
 * Polling and webhooks run in jobs: waits for the post's record (by id or publish id) to reach
 * one of `states`, not for a time; the error shows where it stood.
 */
export const settlePost = async (
  t: ListeningTestApp,
  by: { id: string } | { publishId: string },
  states: string[],
) => {
  const where = 'id' in by ? eq(tiktokPosts.id, by.id) : eq(tiktokPosts.publishId, by.publishId);
  let last: typeof tiktokPosts.$inferSelect | undefined;
  for (let i = 0; i < 150; i++) {
    [last] = await t.db.db.select().from(tiktokPosts).where(where);
    if (last && states.includes(last.state)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`post never reached ${states.join('/')}: ${JSON.stringify(last)}`);
};
