import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { withOverrides } from './with-overrides';

/** A read that found none of the pool's connections free within its bound (decision 214). */
export class ConnectionWaitExceeded extends Error {
  constructor(maxWaitMs: number) {
    super(`no database connection came free within ${maxWaitMs} ms`);
    this.name = 'ConnectionWaitExceeded';
  }
}

const bounds = new AsyncLocalStorage<number>();

/**
 * From here on in the current request, a wait for one of the pool's connections lasts at most
 * `maxWaitMs`. Set by the server for API reads on PostgreSQL (`plugins/read-wait-bound.ts`).
 */
export const boundConnectionWaits = (maxWaitMs: number) => bounds.enterWith(maxWaitMs);

/**
 * The pool as drizzle should see it: where the current request set a bound, taking a connection
 * waits at most that long and then fails with `ConnectionWaitExceeded` (answered 503
 * server_busy). pg's own `connectionTimeoutMillis` would bound every wait of the process,
 * workers' too, and a send that has reached TikTok must be able to record it however long
 * that takes (decision 085). Everywhere else the pool is pg's own.
 */
export const withConnectionWaitBound = (pool: pg.Pool): pg.Pool => {
  const connect = async () => {
    const maxWaitMs = bounds.getStore();
    const taking = pool.connect();
    if (maxWaitMs === undefined) return taking;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ConnectionWaitExceeded(maxWaitMs)), maxWaitMs);
    });
    try {
      return await Promise.race([taking, late]);
    } catch (error) {
      // The pool still hands the connection over when one comes free: give it straight back.
      if (error instanceof ConnectionWaitExceeded) {
        taking.then(
          (client) => client.release(),
          () => undefined,
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  const query = async (...args: unknown[]) => {
    if (bounds.getStore() === undefined) {
      return (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    }
    const client = await connect();
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      // As pg's own pool.query does: a connection that failed is closed, not reused.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  };
  return withOverrides(pool, { connect, query });
};
