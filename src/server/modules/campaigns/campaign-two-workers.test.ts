import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignItems, tiktokPosts } from '../../db/schema';
import { tiktokSandboxPosts } from '../../adapters/tiktok/sandbox/sandbox-schema';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import { seedSandboxAccount } from '../../testing/tiktok-sandbox-fixtures';
import { paidSeller, plannedCampaign, seedLibrary } from './campaigns-test-kit';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two servers with their own job workers on one PostgreSQL database (as `npm run start:worker`
 * twice would be), and items of several sellers all due in the same second: every item reaches
 * the sandbox inbox exactly once. Runs where PostgreSQL is given (TEST_DATABASE_URL, as in CI).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two workers on PostgreSQL', () => {
  let a: ListeningTestApp;
  let b: ListeningTestApp;

  beforeAll(async () => {
    a = await createListeningTestApp();
    // The second app opens its own pool and job workers on the first one's database, and shares
    // its data folder (storage, outbox, app secret) as servers share S3 and APP_SECRET.
    b = await createListeningTestApp({ database: a.config.database }, { env: { DATA_DIR: a.dir } });
    await seedLibrary(a);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('sends each of the items due at once exactly once', async () => {
    const SELLERS = 6;
    const PER_SELLER = 3;
    const scheduled: string[] = [];
    const sellers = [];
    for (let n = 0; n < SELLERS; n++) {
      const u = await paidSeller(a);
      const sandbox = await seedSandboxAccount(a.db.db, u.userId);
      const later = new Date(Date.now() + 86_400_000);
      await a.tiktokAccounts.connect(
        u.userId,
        {
          openId: sandbox.openId,
          scopes: ['user.info.basic', 'video.upload'],
          accessToken: sandbox.accessToken,
          accessTokenExpiresAt: later,
          refreshToken: 'rft.unused',
          refreshTokenExpiresAt: later,
        },
        {
          openId: sandbox.openId,
          displayName: 'Seller',
          username: sandbox.username,
          avatarUrl: null,
        },
      );
      // Half of the sellers work through each server's API.
      const app = n % 2 === 0 ? a : b;
      const { campaign, items } = await plannedCampaign(app, u, `Week ${n}`);
      const ready = items.filter((i) => i.status === 'assets_ready').slice(0, PER_SELLER);
      expect(ready).toHaveLength(PER_SELLER);
      sellers.push({ ...u, app, campaign, ready, openId: sandbox.openId });
    }
    const at = new Date(Date.now() + 6000).toISOString();
    for (const s of sellers) {
      for (const item of s.ready) {
        const res = await s.app.app.inject({
          method: 'PATCH',
          url: `/api/campaigns/${s.campaign.id}/items/${item.id}`,
          headers: s.headers,
          payload: { dateScheduled: at },
        });
        expect(res.statusCode, res.body).toBe(200);
        scheduled.push(item.id);
      }
    }

    const deadline = Date.now() + 180_000;
    for (;;) {
      const rows = await a.db.db
        .select({ jobStatus: campaignItems.jobStatus, jobError: campaignItems.jobError })
        .from(campaignItems)
        .where(inArray(campaignItems.id, scheduled));
      const open = rows.filter((r) => r.jobStatus !== 'posted' && r.jobStatus !== 'failed');
      if (open.length === 0) {
        expect(rows.filter((r) => r.jobStatus === 'failed')).toEqual([]);
        break;
      }
      if (Date.now() > deadline) throw new Error(`still open: ${JSON.stringify(open)}`);
      await sleep(500);
    }
    const posts = await a.db.db
      .select({ clientKey: tiktokPosts.clientKey, n: sql<number>`count(*)::int` })
      .from(tiktokPosts)
      .where(sql`${tiktokPosts.clientKey} like 'campaign-%'`)
      .groupBy(tiktokPosts.clientKey);
    expect(posts).toHaveLength(scheduled.length);
    expect(posts.filter((p) => p.n !== 1)).toEqual([]);
    const received = await a.db.db
      .select({ openId: tiktokSandboxPosts.openId, n: sql<number>`count(*)::int` })
      .from(tiktokSandboxPosts)
      .where(
        inArray(
          tiktokSandboxPosts.openId,
          sellers.map((s) => s.openId),
        ),
      )
      .groupBy(tiktokSandboxPosts.openId);
    expect(received.map((r) => r.n)).toEqual(sellers.map(() => PER_SELLER));
  }, 420_000);
});
