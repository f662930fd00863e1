import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

const POOL_SIZE = 10;
const MAX_WAIT_MS = 300;

/**
 * Every connection of the app's pool held by a read stuck behind a lock another session took:
 * the next read must be answered 503 server_busy within about API_MAX_WAIT_MS, not wait for
 * the lock with them; a write keeps its place and is served once the lock goes (decision 214).
 * PostgreSQL only (TEST_DATABASE_URL, as in CI's database pass): embedded PGlite has no pool.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a read that finds no free connection',
  () => {
    let t: TestApp;
    let locker: pg.Client;
    /** One per pooled connection and one more: the same read of one seller is shared (read-cache.ts). */
    let sellers: { headers: Record<string, string> }[];
    const logs: string[] = [];

    beforeAll(async () => {
      t = await createTestApp({}, { env: { API_MAX_WAIT_MS: String(MAX_WAIT_MS) }, logs });
      sellers = [];
      for (let i = 0; i <= POOL_SIZE; i++) sellers.push(await t.createUser());
      if (t.config.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
      locker = new pg.Client({ connectionString: t.config.database.url });
      await locker.connect();
    }, 60_000);

    afterAll(async () => {
      await locker?.end();
      await t?.close();
    });

    const request = (seller: number, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: sellers[seller]!.headers,
        ...(payload ? { payload } : {}),
      });

    /** The request's answer, or null when it has none after `ms`. */
    const within = async <T>(ms: number, answer: Promise<T>) =>
      Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

    it('answers 503 server_busy at once, lets a write wait its turn, and serves all once free', async () => {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE product IN ACCESS EXCLUSIVE MODE');
      const stuck = Array.from({ length: POOL_SIZE }, (_, i) => request(i, 'GET', '/api/products'));
      await waitFor('every pooled connection to wait on the lock', 20_000, async () => {
        const { rows } = await locker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        );
        return rows[0]!.n >= POOL_SIZE ? true : null;
      });

      const started = performance.now();
      const busy = await within(10_000, request(POOL_SIZE, 'GET', '/api/products'));
      expect(busy, 'the read waited for a connection without a bound').not.toBeNull();
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(busy!.statusCode).toBe(503);
      expect(busy!.headers['retry-after']).toBe('1');
      expect(busy!.json()).toEqual({
        error: 'The server is busy. Try again in a few seconds.',
        code: 'server_busy',
        retryAfterSeconds: 1,
      });
      // One line at warn for the operator, without the error: formatting its stack cost about
      // half a millisecond a refusal under load (decision 203, its last amendment).
      const refused = logs
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown })
        .filter((line) => line.msg.startsWith('request refused'));
      expect(refused).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'request refused: no database connection came free in time',
        }),
      ]);
      expect(refused[0]!.err).toBeUndefined();

      // A write is not refused for the wait: it is served when a connection comes free.
      const write = request(0, 'POST', '/api/products', {
        name: 'Citrus Press',
        description: 'Squeezes a lime in one press',
      });
      expect(await within(MAX_WAIT_MS * 3, write)).toBeNull();

      await locker.query('COMMIT');
      expect((await Promise.all(stuck)).map((r) => r.statusCode)).toEqual(
        Array(POOL_SIZE).fill(200),
      );
      expect((await write).statusCode).toBe(200);
      const list = await request(0, 'GET', '/api/products');
      expect(list.statusCode).toBe(200);
      expect(list.json().map((p: { name: string }) => p.name)).toContain('Citrus Press');
    });
  },
);
