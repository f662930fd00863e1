import type { DbHandle } from '../db/client';
import { openDatabase } from '../db/client';
import { createScratchDatabase } from './scratch-database';

/**
 * A fresh database for job tests: in-memory PGlite, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set. `open` gives another handle on the same database (PostgreSQL
 * only), as a second worker process would have.
 */
export const createJobTestDatabase = async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ kind: 'pglite', dir: null });
    return {
      kind: 'pglite' as const,
      handle,
      open: async (): Promise<DbHandle | null> => null,
      close: () => handle.close(),
    };
  }
  const scratch = await createScratchDatabase(adminUrl, 'hookreel_jobs');
  const handles: DbHandle[] = [];
  const open = async () => {
    const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
    handles.push(handle);
    return handle;
  };
  const handle = await open();
  return {
    kind: 'postgres' as const,
    handle,
    open,
    close: async () => {
      for (const h of handles) await h.close();
      await scratch.drop();
    },
  };
};
