import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server tests and benches use when none is named: the machine's own. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new, empty PostgreSQL database on the server at `adminUrl` (whose user may create
 * databases), for one test app, job test or bench run; `drop` removes it whatever is connected.
 * Throws when the server does not answer within two seconds.
 */
export const createScratchDatabase = async (adminUrl: string, prefix = 'hookreel_test') => {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};

/** A scratch database, or null when no PostgreSQL answers (benches then say they skipped it). */
export const tryScratchDatabase = async (adminUrl: string, prefix: string) => {
  try {
    return await createScratchDatabase(adminUrl, prefix);
  } catch {
    return null;
  }
};
