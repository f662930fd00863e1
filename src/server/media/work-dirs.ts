import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Temporary folders that hold a seller's media while it is worked on (a render's inputs and
 * parts, an upload being converted, bytes being probed). A process killed outright (SIGKILL, the
 * OOM killer) cannot remove its own, so each folder's name says which process on which machine
 * made it, and a starting server removes those whose process is gone (decision 071).
 */

export type WorkDirPurpose = 'render' | 'video' | 'probe' | 'sandbox';

const PURPOSES: readonly WorkDirPurpose[] = ['render', 'video', 'probe', 'sandbox'];

/** The machine's name as it can stand in a file name (several machines may share a disk). */
const machine = () =>
  os
    .hostname()
    .replace(/[^A-Za-z0-9.]/g, '_')
    .slice(0, 40) || 'host';

const PATTERN = /^hookreel-([a-z]+)-(.+)-(\d+)-[A-Za-z0-9]{6}$/;

/** A new private folder under the system's temporary folder; the caller removes it. */
export const makeWorkDir = (purpose: WorkDirPurpose, root = os.tmpdir()) =>
  mkdtemp(path.join(root, `hookreel-${purpose}-${machine()}-${process.pid}-`));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the work folders this machine's dead processes left behind. Folders of a live process
 * (this one, another server beside it) and of other machines are left alone: a pid says nothing
 * about a process elsewhere. Returns the names removed.
 */
export const sweepDeadWorkDirs = async (root = os.tmpdir()): Promise<string[]> => {
  const here = machine();
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    const match = PATTERN.exec(name);
    if (!match) continue;
    const [, purpose, host, pid] = match;
    if (!PURPOSES.includes(purpose as WorkDirPurpose) || host !== here) continue;
    if (Number(pid) === process.pid || alive(Number(pid))) continue;
    await rm(path.join(root, name), { recursive: true, force: true }).catch(() => undefined);
    removed.push(name);
  }
  return removed;
};
