import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from './test-app';
import { createTestApp } from './test-app';

/** Which database an app is on: the PostgreSQL database's name, or PGlite's handle itself. */
const databaseOf = (t: TestApp) =>
  t.config.database.kind === 'postgres' ? new URL(t.config.database.url).pathname : t.db;

const count = async (t: TestApp, table: string, where = 'true', values: unknown[] = []) => {
  const { rows } = await t.db.executor.executeSql(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    values,
  );
  return (rows[0] as { n: number }).n;
};
/** pg-boss jobs whose data names this e-mail address (the confirmation e-mail's). */
const jobsFor = (t: TestApp, email: string) =>
  count(t, 'pgboss.job', 'strpos(data::text, $1) > 0', [email]);

describe('the test apps’ database pool (decision 241)', () => {
  it('hands the next app the same database, as empty as a new one', async () => {
    const first = await createTestApp();
    const seller = await first.createUser();
    const product = await first.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: seller.headers,
      payload: { name: 'Citrus juicer', description: 'Presses a lime in one squeeze.' },
    });
    expect(product.statusCode).toBe(200);
    expect(await count(first, 'product')).toBe(1);
    expect(await count(first, '"user"')).toBe(1);
    expect(await jobsFor(first, seller.email)).toBeGreaterThan(0);
    const used = databaseOf(first);
    await first.close();

    const second = await createTestApp();
    try {
      expect(databaseOf(second)).toBe(used);
      expect(await count(second, '"user"')).toBe(0);
      expect(await count(second, 'product')).toBe(0);
      expect(await count(second, 'tiktok_sandbox.tiktok_sandbox_account')).toBe(0);
      // The first app's jobs are gone; pg-boss's queues stay, set again from the code at start.
      expect(await jobsFor(second, seller.email)).toBe(0);
      expect(await count(second, 'pgboss.queue')).toBeGreaterThan(10);
      const { rows } = await second.db.executor.executeSql(
        'SELECT maintained_on, cron_on, monitored_on FROM pgboss.version',
      );
      expect(rows).toHaveLength(1);
      // The same e-mail signs up again: nothing of the first seller is left to collide with.
      expect((await second.createUser(seller.email)).email).toBe(seller.email);
    } finally {
      await second.close();
    }
  });

  it('does not hand on a database whose schema a test changed', async () => {
    const first = await createTestApp();
    await first.db.db.execute(sql`CREATE FUNCTION pool_test_marker() RETURNS int
      LANGUAGE sql AS 'SELECT 1'`);
    const changed = databaseOf(first);
    await first.close();

    const second = await createTestApp();
    try {
      expect(databaseOf(second)).not.toBe(changed);
      const { rows } = await second.db.executor.executeSql(
        `SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'pool_test_marker'`,
      );
      expect((rows[0] as { n: number }).n).toBe(0);
    } finally {
      await second.close();
    }
  });
});
