import type { MigrationConfig } from 'drizzle-orm/migrator';
import pg from 'pg';
import type { DbHandle } from '../db/client';
import { openDatabase } from '../db/client';
import { PG_BOSS_SCHEMA } from '../db/pglite-snapshot';
import { createScratchDatabase } from './scratch-database';

/**
 * Test apps' databases, emptied and handed to the next test app instead of dropped (decision
 * 241). A new one costs a test app most of its start: on PGlite about 1 CPU-second to unpack the
 * migrated dump and start PostgreSQL, on PostgreSQL a CREATE DATABASE and every migration; and
 * on both, pg-boss's first start creates a table per queue (0.4 s). The server suite makes about
 * a hundred test apps per pass, and CI is CPU-bound on two cores.
 *
 * A database comes back as a fresh one would be: every row of every table gone and identities
 * restarted, pg-boss's queue definitions kept (each app's start sets them from the code again,
 * `jobs/queue.ts`) and its clock columns cleared. One whose schema a test changed (a trigger, a
 * function, a column) is dropped, not reused, and so is one a test closed or broke.
 */

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', '${PG_BOSS_SCHEMA}')`;

/** Names and shapes of everything a test could add or change, pg-boss's own tables aside. */
const SCHEMA_FINGERPRINT = `
  SELECT md5(coalesce(string_agg(item, ',' ORDER BY item), '')) AS fingerprint FROM (
    SELECT 'r:' || n.nspname || '.' || c.relname || ':' || c.relkind::text
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ${SYSTEM_SCHEMAS}
    UNION ALL
    SELECT 'a:' || c.oid::regclass::text || '.' || a.attname || ':' || a.atttypid::text
        || ':' || a.attnotnull::text
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ${SYSTEM_SCHEMAS} AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 't:' || t.tgrelid::regclass::text || '.' || t.tgname
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT t.tgisinternal AND n.nspname NOT IN ${SYSTEM_SCHEMAS}
    UNION ALL
    SELECT 'p:' || n.nspname || '.' || p.proname || ':' || md5(p.prosrc)
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT IN ${SYSTEM_SCHEMAS}
    UNION ALL
    SELECT 'n:' || nspname FROM pg_namespace
      WHERE nspname NOT LIKE 'pg_%' AND nspname NOT IN ${SYSTEM_SCHEMAS}
  ) items(item)`;

/**
 * Every row of every table but the migrations' bookkeeping and pg-boss's queues, in one
 * statement. Only tables holding rows are truncated: on PostgreSQL each truncated table is a new
 * file, and truncating all seventy took 0.4 s where a test had written to a handful.
 */
const EMPTY_TABLES = `
  DO $$
  DECLARE
    t record;
    has_rows boolean;
    tables text[] := '{}';
  BEGIN
    FOR t IN
      SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
          AND tablename <> '__drizzle_migrations'
          AND NOT (schemaname = '${PG_BOSS_SCHEMA}' AND tablename IN ('version', 'queue'))
    LOOP
      EXECUTE 'SELECT EXISTS (SELECT FROM ONLY ' || t.name || ')' INTO has_rows;
      IF has_rows THEN tables := tables || t.name; END IF;
    END LOOP;
    IF cardinality(tables) > 0 THEN
      EXECUTE 'TRUNCATE ' || array_to_string(tables, ', ') || ' RESTART IDENTITY CASCADE';
    END IF;
    IF to_regclass('${PG_BOSS_SCHEMA}.version') IS NOT NULL THEN
      UPDATE ${PG_BOSS_SCHEMA}.version SET maintained_on = NULL, cron_on = NULL, monitored_on = NULL;
    END IF;
  END $$`;

/**
 * A database used this many times is dropped and a new one made: PGlite's write-ahead log and
 * heap grow with every test's writes and are given back only when it closes.
 */
const MAX_USES = 25;

type Sql = (text: string) => Promise<{ rows: unknown[] }>;

type Pooled<T> = { value: T; fingerprint: string; uses: number };

const createPool = <T>(kind: {
  /** A new database, migrated, as the first test app would find it. */
  make: () => Promise<T>;
  /** Runs plain SQL on it, outside any test app. */
  run: (value: T, use: (sql: Sql) => Promise<void>) => Promise<void>;
  drop: (value: T) => Promise<void>;
}) => {
  const free: Pooled<T>[] = [];
  const fingerprintIn = async (sql: Sql) =>
    ((await sql(SCHEMA_FINGERPRINT)).rows[0] as { fingerprint: string }).fingerprint;
  const fingerprintOf = async (value: T) => {
    let fingerprint = '';
    await kind.run(value, async (sql) => {
      fingerprint = await fingerprintIn(sql);
    });
    return fingerprint;
  };
  const dropQuietly = (value: T) => kind.drop(value).catch(() => undefined);

  return async () => {
    let pooled = free.pop();
    if (!pooled) {
      const value = await kind.make();
      pooled = { value, fingerprint: await fingerprintOf(value), uses: 0 };
    }
    const taken = pooled;
    taken.uses++;
    let given = false;
    /** Called once the test app has closed: empties the database for the next, or drops it. */
    const giveBack = async () => {
      if (given) return;
      given = true;
      try {
        let reusable = taken.uses < MAX_USES;
        await kind.run(taken.value, async (sql) => {
          reusable &&= (await fingerprintIn(sql)) === taken.fingerprint;
          if (reusable) await sql(EMPTY_TABLES);
        });
        if (!reusable) return await dropQuietly(taken.value);
        free.push(taken);
      } catch {
        await dropQuietly(taken.value);
      }
    };
    return { value: taken.value, giveBack };
  };
};

const streamsKey = (unitMigrations: readonly MigrationConfig[]) =>
  JSON.stringify(unitMigrations.map((stream) => stream.migrationsFolder));

const memoryPools = new Map<string, ReturnType<typeof createPool<DbHandle>>>();

/** An empty migrated in-memory PGlite with these unit migrations (the product's come first). */
export const takeMemoryDatabase = async (unitMigrations: readonly MigrationConfig[]) => {
  const key = streamsKey(unitMigrations);
  let take = memoryPools.get(key);
  if (!take) {
    take = createPool<DbHandle>({
      make: () => openDatabase({ kind: 'pglite', dir: null }, unitMigrations),
      // The executor sends statements without values through PGlite's simple protocol.
      run: (handle, use) => use((text) => handle.executor.executeSql(text)),
      drop: (handle) => handle.close(),
    });
    memoryPools.set(key, take);
  }
  const { value, giveBack } = await take();
  return { handle: value, giveBack };
};

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

const scratchPools = new Map<string, ReturnType<typeof createPool<Scratch>>>();

/**
 * An empty migrated PostgreSQL database on the server at `adminUrl`. A test app's processes
 * must all have closed before `giveBack`: emptying waits at most 2 s for their locks.
 */
export const takeScratchDatabase = async (
  adminUrl: string,
  unitMigrations: readonly MigrationConfig[],
) => {
  const key = `${adminUrl} ${streamsKey(unitMigrations)}`;
  let take = scratchPools.get(key);
  if (!take) {
    take = createPool<Scratch>({
      make: async () => {
        // Named for this run, whose end drops what the pool still holds (pooled-databases-teardown.ts).
        const prefix = process.env.HOOKREEL_POOL_PREFIX ?? 'hookreel_pool';
        const scratch = await createScratchDatabase(adminUrl, prefix);
        const migrated = await openDatabase({ kind: 'postgres', url: scratch.url }, unitMigrations);
        await migrated.close();
        return scratch;
      },
      run: async (scratch, use) => {
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        try {
          await client.query(`SET lock_timeout = '2s'`);
          await use((text) => client.query(text));
        } finally {
          await client.end();
        }
      },
      drop: (scratch) => scratch.drop(),
    });
    scratchPools.set(key, take);
  }
  const { value, giveBack } = await take();
  return { url: value.url, giveBack };
};
