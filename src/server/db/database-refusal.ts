import { ConnectionWaitExceeded } from './connection-wait';

/**
 * PostgreSQL's refusals of a new connection: no slot left on the server or for the database or
 * role (53300 too_many_connections), or the server starting up or shutting down (57P03). A pool
 * opens connections as its load grows, so under load any query may meet one: that is the
 * database's capacity, not a fault of the request.
 */
const DATABASE_REFUSALS = new Set(['53300', '57P03']);

/**
 * What kind of refusal the error is, or one it wraps (drizzle wraps the driver's): PostgreSQL's
 * (`refused`), or a read that found no connection of the pool free in time (`pool_wait`,
 * `connection-wait.ts`); null for anything else.
 */
export const databaseRefusalOf = (error: unknown): 'refused' | 'pool_wait' | null => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof ConnectionWaitExceeded) return 'pool_wait';
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_REFUSALS.has(code)) return 'refused';
  }
  return null;
};

export const isDatabaseRefusal = (error: unknown) => databaseRefusalOf(error) !== null;
