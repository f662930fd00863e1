/**
 * Campaigns section of `npm run bench` (issue 12): 1,000 campaign items due in the same minute
 * across 100 sellers, their slides rendered ahead (as the prepare job leaves them), sent to the
 * built-in TikTok sandbox by two worker processes on PostgreSQL. Prints the time from the due
 * moment until every item was dispatched (posted, or refused with its reason), as a ratio to the
 * 60 s target, and how many were sent twice; asserts nothing. Needs PostgreSQL
 * (TEST_DATABASE_URL, else a local server on 127.0.0.1:5432).
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { campaignItems, campaigns, products, users } from '../src/server/db/schema';
import { tiktokSandboxPosts } from '../src/server/adapters/tiktok/sandbox/sandbox-schema';
import { CAMPAIGN_SEND_JOB } from '../src/server/modules/campaigns';
import { renderSlideJpeg } from '../src/server/modules/slides';
import { createTempImagesService } from '../src/server/modules/temp-images';
import { LOCAL_POSTGRES_URL, tryScratchDatabase } from '../src/server/testing/scratch-database';
import { freePort, seedSandboxAccount } from '../src/server/testing/tiktok-sandbox-fixtures';
import { campaignBenchConfig } from './bench-campaigns-config';

const SELLERS = Number(process.env.BENCH_CAMPAIGN_SELLERS ?? 100);
const PER_SELLER = Number(process.env.BENCH_CAMPAIGN_ITEMS ?? 10);
const TARGET_SECONDS = 60;
const WORKERS = 2;

const startWorker = (database: unknown, dataDir: string, port: number) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const child = fork(
      path.join(import.meta.dirname, 'bench-campaign-worker.ts'),
      [JSON.stringify(database), dataDir, String(port)],
      { execArgv: ['--import', 'tsx'], stdio: 'inherit' },
    );
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`a worker stopped (${code})`)));
  });

export const runCampaignsBench = async () => {
  const total = SELLERS * PER_SELLER;
  console.log(
    `Campaigns: ${total} items due in the same minute across ${SELLERS} sellers, ${WORKERS} worker processes on PostgreSQL, the TikTok sandbox as target:`,
  );
  const scratch = await tryScratchDatabase(
    process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
    'hookreel_bench_campaigns',
  );
  if (!scratch) {
    console.log('  skipped: set TEST_DATABASE_URL or run PostgreSQL on 127.0.0.1:5432');
    return;
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hookreel-bench-campaigns-'));
  const database = { kind: 'postgres' as const, url: scratch.url };
  const seedPort = await freePort();
  const seeder = await buildApp(campaignBenchConfig(dataDir, database, seedPort), {
    logger: false,
    workers: 'none',
  });
  await seeder.app.listen({ port: seedPort, host: '127.0.0.1' });
  const workers: ChildProcess[] = [];
  try {
    const db = seeder.db.db;
    const tempImages = createTempImagesService({ db, storage: seeder.storage });
    const background = await sharp({
      create: { width: 1080, height: 1080, channels: 3, background: '#c2410c' },
    })
      .jpeg()
      .toBuffer();
    // Rendered ahead: one slide per seller, hosted as that seller's temp image.
    const slide = await renderSlideJpeg({ image: background, text: 'Brighter skin in 2 weeks' });
    const itemIds: string[] = [];
    const seedStarted = performance.now();
    const due = new Date(Date.now() + 10 * 60_000);
    for (let n = 0; n < SELLERS; n++) {
      const userId = randomUUID();
      await db.insert(users).values({
        id: userId,
        name: `Seller ${n}`,
        email: `bench-seller-${n}-${userId}@example.com`,
        emailVerified: true,
        plan: 'pro',
        subscriptionStatus: 'active',
      });
      const productId = randomUUID();
      await db.insert(products).values({ id: productId, userId, name: 'GlowDrop Serum' });
      const sandbox = await seedSandboxAccount(db, userId);
      const later = new Date(Date.now() + 86_400_000);
      await seeder.tiktokAccounts.connect(
        userId,
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
      const { url } = await tempImages.upload(userId, {
        buffer: slide,
        mime: 'image/jpeg',
        ext: 'jpg',
        filename: 'slide_1.jpg',
        field: 'photo_images',
      });
      const campaignId = randomUUID();
      const today = new Date().toISOString().slice(0, 10);
      await db.insert(campaigns).values({
        id: campaignId,
        userId,
        productId,
        name: 'Bench week',
        startDate: today,
        endDate: today,
        timezone: 'UTC',
        cadenceHours: 24,
        scheduleMode: 'interval',
      });
      const rows = Array.from({ length: PER_SELLER }, (_, i) => ({
        id: randomUUID(),
        campaignId,
        userId,
        productId,
        type: 'carousel' as const,
        strategy: 'listicle',
        hook: `Reason ${i + 1} to try it`,
        caption: 'Glow week',
        hashtags: ['#glow'],
        carouselPlan: { slides: [{ text: 'Brighter skin in 2 weeks', imageUrl: url }] },
        slotIndex: i,
        slotAt: due,
        dateScheduled: due,
        scheduleVersion: 1,
        jobStatus: 'queued',
        jobUpdatedAt: new Date(),
        prepared: { version: 1, photos: [url] },
      }));
      await db.insert(campaignItems).values(rows);
      itemIds.push(...rows.map((r) => r.id));
    }
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    for (let w = 0; w < WORKERS; w++) {
      workers.push(await startWorker(database, dataDir, await freePort()));
    }
    // Every item comes due at the same moment, a few seconds from now.
    const at = new Date(Date.now() + 5000);
    await db
      .update(campaignItems)
      .set({ dateScheduled: at })
      .where(inArray(campaignItems.id, itemIds));
    for (const id of itemIds) {
      await seeder.jobs.send(
        CAMPAIGN_SEND_JOB,
        { itemId: id, version: 1 },
        { startAfter: at, singletonKey: `${id}:1` },
      );
    }
    let decided = 0;
    let lastDecidedAt = Date.now();
    const deadline = at.getTime() + 5 * 60_000;
    while (Date.now() < deadline) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignItems)
        .where(
          and(
            inArray(campaignItems.id, itemIds),
            inArray(campaignItems.jobStatus, ['posted', 'failed', 'missed']),
          ),
        );
      if (row!.n !== decided) lastDecidedAt = Date.now();
      decided = row!.n;
      if (decided === total) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (lastDecidedAt - at.getTime()) / 1000;
    const outcome = await db
      .select({
        status: campaignItems.jobStatus,
        error: campaignItems.jobError,
        n: sql<number>`count(*)::int`,
      })
      .from(campaignItems)
      .where(inArray(campaignItems.id, itemIds))
      .groupBy(campaignItems.jobStatus, campaignItems.jobError);
    const posted = outcome.filter((o) => o.status === 'posted').reduce((s, o) => s + o.n, 0);
    const refused = outcome.filter((o) => o.status === 'failed');
    const [sent] = await db
      .select({
        n: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct ${tiktokSandboxPosts.publishId})::int`,
      })
      .from(tiktokSandboxPosts);
    // Item keys with more than one post record (the unique key should make this 0).
    const [keys] = await db
      .select({ duplicates: sql<number>`count(*)::int` })
      .from(
        sql`(SELECT client_key FROM tiktok_post WHERE client_key LIKE 'campaign-%' GROUP BY client_key HAVING count(*) > 1) AS d`,
      );
    console.log(
      `  ${decided}/${total} dispatched in ${seconds.toFixed(1)} s after the due time   ratio to the ${TARGET_SECONDS} s target ${(seconds / TARGET_SECONDS).toFixed(2)}`,
    );
    console.log(
      `  posted ${posted}; refused ${refused.reduce((s, o) => s + o.n, 0)}${refused.map((o) => `\n    ${o.n} × ${o.error}`).join('')}`,
    );
    console.log(
      `  duplicates: ${(keys?.duplicates ?? 0) + (sent!.n - sent!.distinct)} (posts per item key above one: ${keys?.duplicates ?? 0}; inits the sandbox received twice: ${sent!.n - sent!.distinct}; sandbox posts ${sent!.n} for ${posted} posted items)`,
    );
  } finally {
    for (const worker of workers) {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    await seeder.app.close();
    await scratch.drop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runCampaignsBench();
