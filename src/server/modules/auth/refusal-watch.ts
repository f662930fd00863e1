import { AsyncLocalStorage } from 'node:async_hooks';
import { isDatabaseRefusal } from '../../db/database-refusal';

/**
 * better-auth catches a failed insert itself and answers 422 "Failed to create user" (its
 * sign-up route), so a sign-up whose insert PostgreSQL refused under load told the person their
 * details were wrong (decision 203). The error reaches only better-auth's logger; this notes it
 * for the request in which it was logged, so the route can answer what the rest of the API
 * answers overload with.
 */
const watched = new AsyncLocalStorage<{ refused: boolean }>();

/** Called with what better-auth logs: marks the current request when one of them is a refusal. */
export const noteDatabaseRefusal = (logged: unknown[]) => {
  const store = watched.getStore();
  if (!store || !logged.some(isDatabaseRefusal)) return false;
  store.refused = true;
  return true;
};

/** Runs better-auth's handler and says whether the database refused it a connection meanwhile. */
export const watchDatabaseRefusal = async <T>(work: () => Promise<T>) => {
  const store = { refused: false };
  const value = await watched.run(store, work);
  return { value, refused: store.refused };
};
