import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../testing/scratch-database';
import { TIKTOK_SANDBOX_MIGRATIONS } from './tiktok-sandbox';

/**
 * Decision 180: the sandbox's tables left the product's schema for `tiktok_sandbox`. A database
 * made before keeps its test accounts, tokens and inbox (the product's migration 0023 moves them),
 * and the sandbox's own migrations describe exactly the tables that move leaves, so a database
 * whose sandbox schema was dropped gets the same tables back. On PGlite, or on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const PRODUCT: MigrationConfig = {
  migrationsFolder: path.join(here, '../../../db/migrations'),
};
const MOVE_TAG = '0023_tiktok_sandbox_schema';

/** The product's migrations as they stood before the move: the journal cut before it. */
const productBeforeMove = async (): Promise<MigrationConfig> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-before-move-'));
  await fs.cp(PRODUCT.migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === MOVE_TAG);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return { migrationsFolder: dir };
};

type Rows = Record<string, unknown>[];
type TestDatabase = {
  migrate: (stream: MigrationConfig) => Promise<void>;
  query: (text: string, values?: unknown[]) => Promise<Rows>;
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const openTestDatabase = async (): Promise<TestDatabase> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = new PGlite();
    cleanups.push(() => client.close());
    const db = drizzlePglite(client);
    return {
      migrate: (stream) => migratePglite(db, stream),
      query: async (text, values) => (await client.query<Rows[number]>(text, values)).rows,
    };
  }
  const scratch = await createScratchDatabase(adminUrl, 'hookreel_sandbox_move');
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // pool.end() resolves once it has asked its connections to close, not once they have: the
  // drop's FORCE then ends one still closing, and pg-pool passes its FATAL 57P01 ("terminating
  // connection due to administrator command") on as the pool's 'error', which with no listener
  // was an unhandled error that failed a CI run. The app's own pools listen alike (db/client.ts).
  pool.on('error', () => undefined);
  cleanups.push(() => scratch.drop());
  cleanups.push(() => pool.end());
  const db = drizzlePg(pool);
  return {
    migrate: (stream) => migratePg(db, stream),
    query: async (text, values) => (await pool.query(text, values)).rows as Rows,
  };
};

const migrateAll = async (db: TestDatabase) => {
  await db.migrate(PRODUCT);
  await db.migrate(TIKTOK_SANDBOX_MIGRATIONS);
};

/** Every column, constraint and index of the sandbox's tables, in a stable order. */
const sandboxCatalog = async (db: TestDatabase) => ({
  columns: await db.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns
      WHERE table_schema = 'tiktok_sandbox' AND table_name <> '__drizzle_migrations'
      ORDER BY table_name, column_name`,
  ),
  constraints: await db.query(
    `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS def
       FROM pg_constraint
      WHERE connamespace = 'tiktok_sandbox'::regnamespace
        AND conrelid <> 'tiktok_sandbox.__drizzle_migrations'::regclass
      ORDER BY 1, 2`,
  ),
  indexes: await db.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'tiktok_sandbox' AND tablename <> '__drizzle_migrations'
      ORDER BY 1, 2`,
  ),
});

const SANDBOX_TABLES = [
  'tiktok_sandbox_account',
  'tiktok_sandbox_grant',
  'tiktok_sandbox_code',
  'tiktok_sandbox_token',
  'tiktok_sandbox_post',
  'tiktok_sandbox_switch',
  'tiktok_sandbox_clock',
];

/** One row in each sandbox table, written with the columns they had before the move. */
const seedBeforeMove = async (db: TestDatabase) => {
  await db.query(`INSERT INTO "user" (id, name, email) VALUES ('u1', 'Seller', 's@example.com')`);
  await db.query(
    `INSERT INTO tiktok_sandbox_account (open_id, union_id, owner_user_id, username, display_name)
     VALUES ('open-1', 'union-1', 'u1', 'seller.test', 'Seller Test')`,
  );
  await db.query(
    `INSERT INTO tiktok_sandbox_grant (id, open_id, client_key, scopes)
     VALUES ('grant-1', 'open-1', 'hookreel', 'user.info.basic,video.upload')`,
  );
  await db.query(
    `INSERT INTO tiktok_sandbox_code (code_hash, open_id, client_key, redirect_uri, scopes, expires_at)
     VALUES ('code-hash', 'open-1', 'hookreel', 'http://localhost/cb', 'user.info.basic', now())`,
  );
  await db.query(
    `INSERT INTO tiktok_sandbox_token (token_hash, grant_id, kind, expires_at)
     VALUES ('token-hash', 'grant-1', 'access', now() + interval '1 day')`,
  );
  await db.query(
    `INSERT INTO tiktok_sandbox_post (id, publish_id, owner_user_id, open_id, kind, status, title)
     VALUES ('post-1', 'v_inbox_file~v2.1', 'u1', 'open-1', 'photo', 'SEND_TO_USER_INBOX', 'Kept')`,
  );
  await db.query(
    `INSERT INTO tiktok_sandbox_switch (open_id, owner_user_id, rate_limited) VALUES ('open-1', 'u1', true)`,
  );
  await db.query(
    `INSERT INTO tiktok_sandbox_clock (open_id, owner_user_id, offset_seconds) VALUES ('open-1', 'u1', 86400)`,
  );
};

describe('the TikTok sandbox in its own schema', { timeout: 120_000 }, () => {
  it('keeps the rows of a database made before the move, in tiktok_sandbox, and none in public', async () => {
    const db = await openTestDatabase();
    await db.migrate(await productBeforeMove());
    await seedBeforeMove(db);

    await migrateAll(db);

    for (const table of SANDBOX_TABLES) {
      const [moved] = await db.query(`SELECT count(*)::int AS n FROM tiktok_sandbox.${table}`);
      expect(moved, table).toEqual({ n: 1 });
      const [left] = await db.query(`SELECT to_regclass('public.${table}')::text AS t`);
      expect(left, table).toEqual({ t: null });
    }
    const [post] = await db.query(
      `SELECT title, status, post_mode FROM tiktok_sandbox.tiktok_sandbox_post`,
    );
    expect(post).toEqual({
      title: 'Kept',
      status: 'SEND_TO_USER_INBOX',
      post_mode: 'MEDIA_UPLOAD',
    });
    // The moved tables still belong to their seller: deleting the user deletes them.
    await db.query(`DELETE FROM "user" WHERE id = 'u1'`);
    for (const table of SANDBOX_TABLES) {
      const [rows] = await db.query(`SELECT count(*)::int AS n FROM tiktok_sandbox.${table}`);
      expect(rows, table).toEqual({ n: 0 });
    }
  });

  it('makes, from its own migrations alone, the very tables the move leaves', async () => {
    const db = await openTestDatabase();
    await migrateAll(db);
    const moved = await sandboxCatalog(db);
    expect(moved.columns.length).toBeGreaterThan(50);

    await db.query('DROP SCHEMA tiktok_sandbox CASCADE');
    await db.migrate(TIKTOK_SANDBOX_MIGRATIONS);

    expect(await sandboxCatalog(db)).toEqual(moved);
    // Applied once: a second start finds nothing left to do.
    await db.migrate(TIKTOK_SANDBOX_MIGRATIONS);
    const [applied] = await db.query(
      'SELECT count(*)::int AS n FROM tiktok_sandbox.__drizzle_migrations',
    );
    expect(applied).toEqual({ n: 1 });
  });
});
