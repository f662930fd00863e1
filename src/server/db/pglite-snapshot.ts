import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { UnpackSync } from 'tar';

/**
 * In-memory databases (every test app, job test and bench) start from a dump of one freshly
 * migrated database instead of running initdb and every migration again: about 0.5 s of CPU
 * instead of 3.5 s, and the server suite opens hundreds of them (decision 092). The dump holds
 * every migration stream asked for (the product's, then a unit's such as the TikTok sandbox's,
 * decision 180) and pg-boss's tables (the job queue's schema, `PG_BOSS_SCHEMA`), which the queue
 * would otherwise create at every start. It is kept in memory for the process and in the temp
 * folder for the next processes, under a name made of the streams asked for, their migrations'
 * contents and PGlite's version, so a changed migration or PGlite makes a new one.
 */
/** The PostgreSQL schema of pg-boss's tables (`jobs/queue.ts`). */
export const PG_BOSS_SCHEMA = 'pgboss';

const DUMP_PREFIX = 'hookreel-pglite-migrated-';

const memo = new Map<string, Promise<Blob>>();

const snapshotKey = async (streams: readonly MigrationConfig[]) => {
  const hash = createHash('sha256').update(PgBoss.getConstructionPlans(PG_BOSS_SCHEMA));
  // The package's exports hide its package.json; its entry file sits in dist/ beside it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = path.join(path.dirname(entry), '..', 'package.json');
  hash.update(await fs.readFile(pkg));
  const files = async (dir: string) =>
    (await fs.readdir(dir).catch(() => [] as string[]))
      .sort()
      .filter((name) => name.endsWith('.sql') || name.endsWith('.json'))
      .map((name) => path.join(dir, name));
  for (const stream of streams) {
    hash.update(JSON.stringify([stream.migrationsSchema, stream.migrationsTable]));
    for (const file of [
      ...(await files(stream.migrationsFolder)),
      ...(await files(path.join(stream.migrationsFolder, 'meta'))),
    ])
      hash.update(await fs.readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
};

/** Names the set of streams, so dumps with and without a unit's schema do not delete each other. */
const streamsLabel = (streams: readonly MigrationConfig[]) =>
  createHash('sha256')
    .update(JSON.stringify(streams.map((stream) => stream.migrationsFolder)))
    .digest('hex')
    .slice(0, 8);

const makeDump = async (streams: readonly MigrationConfig[], file: string, label: string) => {
  const cached = await fs.readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);
  const client = new PGlite();
  try {
    for (const stream of streams) await migrate(drizzle(client), stream);
    await client.exec(PgBoss.getConstructionPlans(PG_BOSS_SCHEMA));
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed, so a process reading it never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await fs.writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await fs.rename(partial, file);
    // Dumps of older migrations of the same streams are not read again (about 40 MB each).
    const dir = path.dirname(file);
    for (const name of await fs.readdir(dir))
      if (
        name.startsWith(`${DUMP_PREFIX}${label}-`) &&
        name.endsWith('.tar') &&
        path.join(dir, name) !== file
      )
        await fs.rm(path.join(dir, name), { force: true });
    return dump;
  } finally {
    await client.close();
  }
};

/** The dump of a fresh database migrated through these streams, made once per process. */
const migratedDump = async (streams: readonly MigrationConfig[]) => {
  const key = await snapshotKey(streams);
  let dump = memo.get(key);
  if (!dump) {
    const label = streamsLabel(streams);
    const file = path.join(os.tmpdir(), `${DUMP_PREFIX}${label}-${key}.tar`);
    dump = makeDump(streams, file, label);
    memo.set(key, dump);
  }
  return dump;
};

/** A new in-memory PGlite holding the migrated schema of these streams, in order, and no data. */
export const openMigratedMemoryDatabase = async (streams: readonly MigrationConfig[]) =>
  new PGlite({ loadDataDir: await migratedDump(streams) });

/**
 * Fills an empty on-disk data folder from the same dump, so a new DATA_DIR (a newcomer's first
 * start, every journey's and crash test's server) skips initdb and the migrations (decision 211).
 * The dump is a plain tar of PGlite's data folder (`dumpDataDir('none')`), unpacked by node-tar
 * straight onto the disk: PGlite's own `loadDataDir` wrote the same files one by one through its
 * emulated file system and started a database on them, about 4 CPU-s against 0.4 (decision 249).
 * The files go into a folder beside `dir`, renamed into place once all are written, so a start
 * killed half-way leaves `dir` empty (and seeded again next time), never half a database. The
 * caller holds the owner lock and still runs every migration afterwards: a dump of an older build
 * is brought up to date and one that lacks a migration cannot skip it. Returns false, touching
 * nothing, when `dir` already holds anything.
 */
export const seedEmptyDataDir = async (dir: string, streams: readonly MigrationConfig[]) => {
  if ((await fs.readdir(dir)).length > 0) return false;
  const seeding = `${dir}.seeding`;
  await fs.rm(seeding, { recursive: true, force: true });
  await fs.mkdir(seeding);
  const dump = new Uint8Array(await (await migratedDump(streams)).arrayBuffer());
  new UnpackSync({
    cwd: seeding,
    // PGlite names its entries from the root ("/base/1/…"), which node-tar notes (TAR_ENTRY_INFO)
    // as it unpacks them below `cwd`; anything else it would only warn about fails the start.
    onwarn: (code, message) => {
      if (code !== 'TAR_ENTRY_INFO')
        throw new Error(`the database dump did not unpack: ${message}`);
    },
  }).end(Buffer.from(dump));
  await fs.rmdir(dir);
  await fs.rename(seeding, dir);
  return true;
};
