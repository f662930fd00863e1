import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DatabaseInUseError, acquireOwnerLock } from './pglite-owner-lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hookreel-lock-')), 'db');
  dirs.push(path.dirname(dir));
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database has one owner', () => {
  it('refuses a second open while a live process holds it, and frees it on close', async () => {
    const dir = freshDir();
    const first = await openDatabase({ kind: 'pglite', dir });
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await expect(openDatabase({ kind: 'pglite', dir })).rejects.toBeInstanceOf(DatabaseInUseError);
    await first.close();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dir });
    await again.close();
  });

  it('refuses a directory another live process owns, with a sentence naming it', () => {
    const dir = freshDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // The parent of this test process is alive for as long as the test runs.
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => acquireOwnerLock(dir)).toThrow(
      `The embedded database at ${dir} is in use by process ${process.ppid}.`,
    );
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, '2147483646');
    const release = acquireOwnerLock(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
