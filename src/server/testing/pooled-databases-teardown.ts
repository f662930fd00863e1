import pg from 'pg';

/**
 * Vitest's global setup for the server projects: names the PostgreSQL databases this run's test
 * apps share (`test-database-pool.ts`, decision 241) after the Vitest process, which the workers
 * inherit, and drops them when the run ends. The pool keeps them between test files, so no
 * test's own `close` drops them; another run's on the same server are not touched.
 */
export default function setup() {
  const prefix = `hookreel_pool_${process.pid}`;
  process.env.HOOKREEL_POOL_PREFIX = prefix;
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${prefix}\\_%`],
      );
      for (const { datname } of rows)
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
