import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverCommand } from './testing/server-command';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookreel-worker-kind-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts `main.ts` with these variables and arguments; its exit code and what it printed. */
const run = (env: Record<string, string>, args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(...serverCommand(...args), {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });

// Both are refused before the database is opened: the address below is never reached.
describe('worker kinds at start-up (decision 200)', () => {
  it('refuses a worker process told to work no job', async () => {
    const { code, output } = await run(
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', RUN_WORKERS: 'false' },
      ['--worker'],
    );
    expect(code).toBe(1);
    expect(output).toContain(
      'RUN_WORKERS: false leaves a --worker process nothing to do; set true, general or render',
    );
  }, 60_000);

  it('refuses a worker kind on the embedded database, naming DATABASE_URL', async () => {
    const { code, output } = await run({ DATABASE_URL: '', RUN_WORKERS: 'general' }, []);
    expect(code).toBe(1);
    expect(output).toContain('RUN_WORKERS: general needs DATABASE_URL (PostgreSQL)');
  }, 60_000);
});
