import { ConnectionWaitExceeded } from './connection-wait';

/**
 * PostgreSQL's refusals of a new connection: no slot left on the server or for the database or
 * role (53300 too_many_connections), or the server starting up or shutting down (57P03). A pool
 * opens connections as its load grows, so under load any query may meet one: that is the
 * database's capacity, not a fault of the request.
 */
const DATABASE_REFUSALS = new Set(['53300', '57P03']);

/**
 * Whether the error, or one it wraps (drizzle wraps the driver's), is such a refusal, or a read
 * that found no connection free in time (`connection-wait.ts`).
 */
export const isDatabaseRefusal = (error: unknown) => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof ConnectionWaitExceeded) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_REFUSALS.has(code)) return true;
  }
  return false;
};
