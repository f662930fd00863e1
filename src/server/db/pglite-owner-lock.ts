import fs from 'node:fs';

/** Why the embedded database could not be opened: another live process owns it. */
export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database at ${dir} is in use by process ${pid}. Stop that process (or use another DATA_DIR), then try again.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Directories this process has open: a second open in the same process would corrupt too. */
const openHere = new Set<string>();

/**
 * PGlite is one process's database (docs/ARCHITECTURE.md): two processes writing the same directory
 * corrupt it, and nothing in PGlite stops them. A pid file beside the directory does: a second
 * server on the same DATA_DIR, or the import command next to a running server, is refused with a
 * sentence instead. A lock left by a crashed process (its pid is gone) is taken over. Returns the
 * release function.
 */
export const acquireOwnerLock = (dir: string): (() => void) => {
  const lockPath = `${dir}.lock`;
  if (openHere.has(dir)) throw new DatabaseInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      openHere.add(dir);
      return () => {
        openHere.delete(dir);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(dir, pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseInUseError(dir, Number.NaN);
};

/** For commands: another process owning the database is a sentence and an exit, not a stack trace. */
export const exitIfDatabaseInUse = (error: unknown): never => {
  if (error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
};
