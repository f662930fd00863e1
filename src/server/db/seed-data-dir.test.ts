import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { TIKTOK_SANDBOX_MIGRATIONS } from '../adapters/tiktok/sandbox/tiktok-sandbox';
import { openDatabase } from './client';

// A new on-disk data folder starts from the migrated dump (decision 211); these check that it
// ends up exactly where migrating from scratch would, and behaves as a database on disk.
const productMigrations: MigrationConfig = {
  migrationsFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
};

const roots: string[] = [];
const freshDir = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hookreel-seed-'));
  roots.push(root);
  return path.join(root, 'db');
};
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

type Query = (sql: string) => Promise<{ rows: unknown[] }>;

/** What the migrations leave behind: their bookkeeping rows and every column of every table. */
const shape = async (query: Query) => ({
  product: (
    await query('SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at')
  ).rows,
  sandbox: (
    await query(
      'SELECT hash, created_at FROM tiktok_sandbox.__drizzle_migrations ORDER BY created_at',
    )
  ).rows,
  columns: (
    await query(
      `SELECT table_schema, table_name, column_name, data_type, is_nullable, column_default
         FROM information_schema.columns WHERE table_schema IN ('public', 'tiktok_sandbox')
         ORDER BY table_schema, table_name, column_name`,
    )
  ).rows,
  indexes: (
    await query(
      `SELECT schemaname, indexname, indexdef FROM pg_indexes
         WHERE schemaname IN ('public', 'tiktok_sandbox') ORDER BY schemaname, indexname`,
    )
  ).rows,
});

describe('a new data folder starts from the migrated dump', () => {
  it('holds every migration and the schema that migrating from scratch gives', async () => {
    const scratch = new PGlite(freshDir());
    for (const stream of [productMigrations, TIKTOK_SANDBOX_MIGRATIONS])
      await migrate(drizzle(scratch), stream);
    const expected = await shape((sql) => scratch.query(sql));
    await scratch.close();
    expect(expected.product.length).toBe(
      fs.readdirSync(productMigrations.migrationsFolder).filter((name) => name.endsWith('.sql'))
        .length,
    );

    const dir = freshDir();
    const seeded = await openDatabase({ kind: 'pglite', dir }, [TIKTOK_SANDBOX_MIGRATIONS]);
    const actual = await shape((sql) => seeded.executor.executeSql(sql));
    // pg-boss's tables come only with the dump (openDatabase does not make them): it was used.
    const queue = await seeded.executor.executeSql(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'pgboss'",
    );
    expect(queue.rows).not.toEqual([{ n: 0 }]);
    await seeded.close();
    expect(actual).toEqual(expected);
    // The seeded folder was renamed into place and the lock released: nothing else is left.
    expect(fs.readdirSync(path.dirname(dir)).sort()).toEqual(['db']);
  });

  it('keeps what is written across a restart, and a filled folder is never seeded again', async () => {
    const dir = freshDir();
    const first = await openDatabase({ kind: 'pglite', dir }, [TIKTOK_SANDBOX_MIGRATIONS]);
    await first.executor.executeSql(
      `INSERT INTO "user" (id, name, email) VALUES ('u1', 'Ada', 'ada@example.test')`,
    );
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dir }, [TIKTOK_SANDBOX_MIGRATIONS]);
    const { rows } = await again.executor.executeSql('SELECT id, email FROM "user"');
    await again.close();
    expect(rows).toEqual([{ id: 'u1', email: 'ada@example.test' }]);
  });

  it('discards a seeding left half-done by a killed start and seeds the empty folder again', async () => {
    const dir = freshDir();
    fs.mkdirSync(`${dir}.seeding`, { recursive: true });
    fs.writeFileSync(path.join(`${dir}.seeding`, 'PG_VERSION'), 'half');
    fs.mkdirSync(dir);
    const handle = await openDatabase({ kind: 'pglite', dir });
    const { rows } = await handle.executor.executeSql(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    await handle.close();
    expect(rows).toEqual([
      {
        n: fs
          .readdirSync(productMigrations.migrationsFolder)
          .filter((name) => name.endsWith('.sql')).length,
      },
    ]);
    expect(fs.existsSync(`${dir}.seeding`)).toBe(false);
  });
});
