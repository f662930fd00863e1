import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ChangeClock } from './change-clock';
import { watchPoolWrites, watchWrites } from './change-clock';
import { withConnectionWaitBound } from './connection-wait';
import { acquireOwnerLock } from './pglite-owner-lock';
import { openMigratedMemoryDatabase, seedEmptyDataDir } from './pglite-snapshot';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The shape pg-boss accepts as its `db` option. */
export type SqlExecutor = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
};

export type DbHandle = {
  db: Database;
  executor: SqlExecutor;
  describe: string;
  /**
   * Moves on every write to the data, so an answer read at one reading is still true while the
   * reading stands (decision 029): on PGlite every write goes through this process; on
   * PostgreSQL other processes' writes are heard through LISTEN (`change-clock.ts`).
   */
  changes: ChangeClock;
  close: () => Promise<void>;
};

/** The product's own migrations, applied first (drizzle's default table `drizzle.__drizzle_migrations`). */
const productMigrations: MigrationConfig = {
  migrationsFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
};

export type DatabaseConfig =
  { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };

/**
 * Opens and migrates the database. `unitMigrations` are the streams a removable unit brings in
 * its own schema and migrations table (the TikTok sandbox's, decision 180), applied after the
 * product's, whose tables they may reference.
 */
export const openDatabase = async (
  config: DatabaseConfig,
  unitMigrations: readonly MigrationConfig[] = [],
): Promise<DbHandle> => {
  const streams = [productMigrations, ...unitMigrations];
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection that the server drops (restart, failover, DROP DATABASE in tests)
    // emits 'error' on the pool; unhandled, that would crash the process. The pool discards
    // the client and the next query opens a fresh one, so there is nothing else to do.
    pool.on('error', () => undefined);
    const watched = await watchPoolWrites(withConnectionWaitBound(pool), config.url);
    const db = drizzlePg(watched.pool, { schema });
    for (const stream of streams) await migratePg(db, stream);
    const url = new URL(config.url);
    return {
      db: db as unknown as Database,
      executor: { executeSql: (text, values) => pool.query(text, values) },
      describe: `database: postgresql at ${url.host}${url.pathname}`,
      changes: watched.changes,
      close: async () => {
        await watched.close();
        await pool.end();
      },
    };
  }
  if (config.dir) await fs.mkdir(config.dir, { recursive: true });
  const release = config.dir ? acquireOwnerLock(config.dir) : () => {};
  let client: PGlite;
  let db: ReturnType<typeof drizzlePglite<typeof schema>>;
  let changes: ChangeClock;
  try {
    if (config.dir) await seedEmptyDataDir(config.dir, streams);
    client = config.dir ? new PGlite(config.dir) : await openMigratedMemoryDatabase(streams);
    const watched = watchWrites(client);
    changes = watched.changes;
    db = drizzlePglite(watched.client, { schema });
    for (const stream of streams) await migratePglite(db, stream);
  } catch (error) {
    release();
    throw error;
  }
  return {
    db: db as unknown as Database,
    executor: {
      // PGlite's extended protocol takes one statement at a time; pg-boss sends its
      // multi-statement migrations without parameters, and those go through exec.
      executeSql: async (text, values) => {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return client.query(text, values);
      },
    },
    describe: config.dir
      ? `database: embedded PGlite at ${config.dir}`
      : 'database: embedded PGlite in memory',
    changes,
    close: async () => {
      await client.close();
      release();
    },
  };
};
