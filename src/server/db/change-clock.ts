import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { withOverrides } from './with-overrides';

/** A count that moves whenever the data may have changed; equal readings mean nothing did. */
export type ChangeClock = { reading: () => number };

/** The channel the migration's triggers notify on every write to a table a cached read reads. */
export const CHANGES_CHANNEL = 'hookreel_changes';

// What drizzle sends for a plain read. Anything else (insert, update, delete, a WITH that might
// write, DDL) counts as a write: mistaking a read for a write only costs a cache miss.
const READ = /^\s*\(?\s*select\b/i;
const isRead = (query: unknown) =>
  READ.test(typeof query === 'string' ? query : ((query as { text?: string })?.text ?? ''));

const createCounter = () => {
  let count = 0;
  let live = true;
  return {
    bump: () => {
      count++;
    },
    setLive: (value: boolean) => {
      live = value;
      count++;
    },
    // While another process's writes cannot be heard, every reading differs: nothing is reused.
    clock: { reading: () => (live ? count : ++count) } satisfies ChangeClock,
    around: async <T>(run: () => Promise<T>) => {
      count++;
      try {
        return await run();
      } finally {
        count++;
      }
    },
  };
};

/**
 * The PGlite client as drizzle should see it: every statement that may write, and every
 * transaction, moves the clock once before it starts and once after it ends, so a reading
 * taken before a write finished never equals one taken after. Its owner process makes every
 * write (the owner lock), so nothing else can change the data. pg-boss goes through the raw
 * client (its own schema, never read by the app's caches) and does not move it.
 */
export const watchWrites = (client: PGlite): { client: PGlite; changes: ChangeClock } => {
  const counter = createCounter();
  const query: PGlite['query'] = (text, params, options) =>
    isRead(text)
      ? client.query(text, params, options)
      : counter.around(() => client.query(text, params, options));
  const transaction: PGlite['transaction'] = (run) => counter.around(() => client.transaction(run));
  const exec: PGlite['exec'] = (text, options) => counter.around(() => client.exec(text, options));
  return { client: withOverrides(client, { query, transaction, exec }), changes: counter.clock };
};

/**
 * The same for a PostgreSQL pool, which other processes write to as well: this process's
 * writes move the clock as above (a transaction from checkout to release), and every other
 * write is heard through LISTEN on the channel the triggers notify (migration
 * 0008_read_cache_changes), a few milliseconds after it commits. While the listening
 * connection is down the clock moves on every reading, so nothing cached is used.
 */
export const watchPoolWrites = async (
  pool: pg.Pool,
  url: string,
): Promise<{ pool: pg.Pool; changes: ChangeClock; close: () => Promise<void> }> => {
  const counter = createCounter();
  const query = (...args: Parameters<pg.Pool['query']>) => {
    const run = () => (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    return isRead(args[0]) ? run() : counter.around(run);
  };
  const connect = async () => {
    counter.bump();
    const client = await pool.connect();
    const release = (error?: Error | boolean) => {
      counter.bump();
      client.release(error);
    };
    return withOverrides(client, { release });
  };

  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const listen = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      counter.setLive(false);
      void client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void listen().catch(() => undefined), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', counter.bump);
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      counter.setLive(true);
    } catch (error) {
      lost();
      throw error;
    }
  };
  counter.setLive(false);
  await listen().catch(() => undefined);

  return {
    pool: withOverrides(pool, { query, connect }),
    changes: counter.clock,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
};
