import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG_NICENESS } from './media/run-ffmpeg';
import type { ScaleOut } from './testing/scale-out';
import { scheduleAll, sellerWithItems, startScaleOut } from './testing/scale-out';
import { SHORT_LEASES } from './testing/short-leases';
import { waitFor } from './testing/wait-for';

const SELLERS = 4;
const ITEMS_PER_SELLER = 3;

/** A process's niceness, from /proc (the 19th field of its stat line). */
const nicenessOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

/**
 * Issue 28's deployment on one machine: 2 API processes (RUN_WORKERS=false) behind a balancer,
 * 2 general workers and 1 render worker, each the real server in its own process, on one
 * PostgreSQL database and one S3 bucket (the s3rver). Sellers sign up, subscribe, connect a
 * sandbox TikTok account and schedule campaign items all due in the same minute, through the
 * public API; one API process and one general worker are killed with SIGKILL while the items are
 * being sent. Every item must reach the sandbox exactly once: none lost, none twice. The items
 * the killed worker held wait for its send lease and pg-boss's expiry, here 20 s rather than the
 * shipped 60 s (decision 210). PostgreSQL only (TEST_DATABASE_URL, as in CI's database pass).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a scaled-out deployment', () => {
  let deployment: ScaleOut;
  let db: pg.Client;

  beforeAll(async () => {
    deployment = await startScaleOut({
      adminUrl: process.env.TEST_DATABASE_URL!,
      // Short leases (decision 210), the send's twice the crash tests': five processes share two
      // cores here, and a live worker's send must finish within its lease.
      env: { ...SHORT_LEASES, SEND_LEASE_MS: '20000' },
    });
    db = new pg.Client({ connectionString: deployment.databaseUrl });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await deployment?.close();
  });

  const itemStates = async (ids: string[]) =>
    (
      await db.query<{ id: string; job_status: string | null; job_error: string | null }>(
        'SELECT id, job_status, job_error FROM campaign_item WHERE id = ANY($1)',
        [ids],
      )
    ).rows;

  it('posts every item due at once exactly once while an API process and a worker are killed', async () => {
    // Render work gives way to requests (decision 200): the render worker runs niced.
    const [renderWorker] = deployment.of('render');
    expect(nicenessOf(renderWorker!.child.pid!)).toBe(FFMPEG_NICENESS);
    expect(nicenessOf(deployment.of('api')[0]!.child.pid!)).toBe(0);

    const sellers = await Promise.all(
      Array.from({ length: SELLERS }, (_, n) =>
        sellerWithItems(deployment, { n, items: ITEMS_PER_SELLER }),
      ),
    );
    const itemIds = sellers.flatMap((s) => s.itemIds);
    await scheduleAll(deployment, sellers, new Date(Date.now() + 4000));

    // Mid-dispatch: some items taken by the workers, not all of them posted yet.
    const atKill = await waitFor(
      'the workers to start sending',
      60_000,
      async () => {
        const states = await itemStates(itemIds);
        const posted = states.filter((s) => s.job_status === 'posted').length;
        if (posted === itemIds.length) throw new Error('every item was posted before the kill');
        const taken = states.filter((s) =>
          ['rendering', 'sending', 'posted'].includes(s.job_status ?? ''),
        ).length;
        return taken > 0 ? states : null;
      },
      20,
    );
    await Promise.all(deployment.victims().map((p) => deployment.kill(p)));
    expect(atKill.filter((s) => s.job_status === 'posted').length).toBeLessThan(itemIds.length);

    const final = await waitFor(
      'every item to be posted',
      180_000,
      async () => {
        const states = await itemStates(itemIds);
        const failed = states.filter((s) => s.job_status === 'failed');
        if (failed.length > 0) throw new Error(`failed: ${JSON.stringify(failed)}`);
        return states.every((s) => s.job_status === 'posted') ? states : null;
      },
      500,
    );
    expect(final).toHaveLength(itemIds.length);

    // One post record per item, and the sandbox received each seller's items once each.
    const posts = await db.query<{ client_key: string; n: number }>(
      `SELECT client_key, count(*)::int AS n FROM tiktok_post
        WHERE client_key LIKE 'campaign-%' GROUP BY client_key`,
    );
    expect(posts.rows).toHaveLength(itemIds.length);
    expect(posts.rows.filter((p) => p.n !== 1)).toEqual([]);
    const received = await db.query<{ open_id: string; n: number; publishes: number }>(
      `SELECT open_id, count(*)::int AS n, count(DISTINCT publish_id)::int AS publishes
         FROM tiktok_sandbox.tiktok_sandbox_post GROUP BY open_id`,
    );
    expect(Object.fromEntries(received.rows.map((r) => [r.open_id, r.n]))).toEqual(
      Object.fromEntries(sellers.map((s) => [s.openId, ITEMS_PER_SELLER])),
    );
    expect(received.rows.every((r) => r.publishes === r.n)).toBe(true);

    // The surviving API process answers the seller's queue through the balancer.
    const queue = await deployment.ok<{ items: { type: string }[] }>(
      'GET',
      '/api/queue',
      sellers[0]!.seller,
    );
    expect(queue.items.filter((i) => i.type === 'tiktok-post')).toHaveLength(ITEMS_PER_SELLER);
  }, 420_000);
});
