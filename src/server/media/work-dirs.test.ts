import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { makeWorkDir } from './work-dirs';

/** Starts a process that makes a render folder with a "video" in it, and SIGKILLs it. */
const folderOfKilledProcess = async (): Promise<string> => {
  const script = `
    import { writeFile } from 'node:fs/promises';
    import path from 'node:path';
    import { makeWorkDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'work-dirs.ts'))};
    const dir = await makeWorkDir('render');
    await writeFile(path.join(dir, 'input-0.mp4'), 'a seller video');
    process.stdout.write(dir + '\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const dir = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', () => reject(new Error('the process ended before making its folder')));
  });
  const gone = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await gone;
  return dir;
};

describe('work folders left by a killed process', () => {
  it('are removed when a server starts; a live process’s and another machine’s stay', async () => {
    const dead = await folderOfKilledProcess();
    expect(existsSync(path.join(dead, 'input-0.mp4'))).toBe(true);
    const live = await makeWorkDir('render');
    // Same dead pid, another machine sharing the disk: its pid says nothing here.
    const pid = /-(\d+)-[A-Za-z0-9]{6}$/.exec(dead)![1]!;
    const elsewhere = path.join(os.tmpdir(), `hookreel-render-other.machine-${pid}-abcdef`);
    await mkdir(elsewhere, { recursive: true });
    await writeFile(path.join(elsewhere, 'input-0.mp4'), 'not ours to judge');

    const t = await createTestApp();
    try {
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(existsSync(elsewhere)).toBe(true);
    } finally {
      await t.close();
      await rm(live, { recursive: true, force: true });
      await rm(elsewhere, { recursive: true, force: true });
    }
  }, 60_000);
});
