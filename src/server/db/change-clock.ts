import type { PGlite } from '@electric-sql/pglite';

/** A count that moves whenever the data may have changed; equal readings mean nothing did. */
export type ChangeClock = { reading: () => number };

// What drizzle sends for a plain read. Anything else (insert, update, delete, a WITH that might
// write, DDL) counts as a write: mistaking a read for a write only costs a cache miss.
const READ = /^\s*\(?\s*select\b/i;

/**
 * The PGlite client as drizzle should see it: every statement that may write, and every
 * transaction, moves the clock once before it starts and once after it ends, so a reading
 * taken before a write finished never equals one taken after. pg-boss goes through the raw
 * client (its own schema, never read by the app's caches) and does not move it.
 */
export const watchWrites = (client: PGlite): { client: PGlite; changes: ChangeClock } => {
  let count = 0;
  const around = async <T>(run: () => Promise<T>) => {
    count++;
    try {
      return await run();
    } finally {
      count++;
    }
  };
  const query: PGlite['query'] = (text, params, options) =>
    READ.test(text)
      ? client.query(text, params, options)
      : around(() => client.query(text, params, options));
  const transaction: PGlite['transaction'] = (run) => around(() => client.transaction(run));
  const exec: PGlite['exec'] = (text, options) => around(() => client.exec(text, options));
  const watched = new Proxy(client, {
    get: (target, property) => {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      if (property === 'exec') return exec;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { client: watched, changes: { reading: () => count } };
};
