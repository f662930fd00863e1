import type { Db } from './types';

const names = new Set<string>();

/**
 * A query whose SQL drizzle builds once per database handle instead of at every call, for the
 * reads every screen makes (decision 258): building it was about a fifth of an API process's CPU
 * under hundreds of sellers' reads (decision 203's amendment of 2026-11-28). On PostgreSQL the
 * name also makes node-postgres parse it once per connection. `build` receives the name to pass
 * to drizzle's `.prepare()`; values that change between calls are `sql.placeholder`s. A
 * transaction is a handle of its own, so a query run on one is prepared for it.
 */
export const preparedQuery = <Q>(name: string, build: (db: Db, name: string) => Q) => {
  // Two queries under one name would meet on a PostgreSQL connection, which refuses the second.
  if (names.has(name)) throw new Error(`prepared query name used twice: ${name}`);
  names.add(name);
  const byHandle = new WeakMap<Db, Q>();
  return (db: Db): Q => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db, name);
      byHandle.set(db, query);
    }
    return query;
  };
};
