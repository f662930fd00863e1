import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webBuildIsCurrent } from './web-build-current';

const roots: string[] = [];
const checkout = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'src/web/lib'), { recursive: true });
  fs.mkdirSync(path.join(root, 'src/contract'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src/web/lib/a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(root, 'src/contract/b.ts'), 'export const b = 1;\n');
  return root;
};
const build = (root: string, at: Date) => {
  fs.mkdirSync(path.join(root, 'dist/web'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/web/index.html'), '<!doctype html>');
  fs.utimesSync(path.join(root, 'dist/web/index.html'), at, at);
};
const touch = (file: string, at: Date) => fs.utimesSync(file, at, at);
/** Every file and folder of the sources as old as `at`. */
const age = (root: string, at: Date) => {
  for (const entry of [
    'src/web/lib/a.ts',
    'src/web/lib',
    'src/web',
    'src/contract/b.ts',
    'src/contract',
  ]) {
    touch(path.join(root, entry), at);
  }
};

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('webBuildIsCurrent', () => {
  it('is false with no build, as on a fresh clone', () => {
    expect(webBuildIsCurrent(checkout())).toBe(false);
  });

  it('is true for a build newer than every source', () => {
    const root = checkout();
    age(root, new Date('2026-11-01T10:00:00Z'));
    build(root, new Date('2026-11-01T11:00:00Z'));
    expect(webBuildIsCurrent(root)).toBe(true);
  });

  it('is false once a source the app or its shared layouts read has changed, as a pull leaves it', () => {
    const root = checkout();
    age(root, new Date('2026-11-01T10:00:00Z'));
    build(root, new Date('2026-11-01T11:00:00Z'));
    touch(path.join(root, 'src/contract/b.ts'), new Date('2026-11-01T12:00:00Z'));
    expect(webBuildIsCurrent(root)).toBe(false);
  });

  it('is false once a source was removed (its folder changed)', () => {
    const root = checkout();
    age(root, new Date('2026-11-01T10:00:00Z'));
    build(root, new Date('2026-11-01T11:00:00Z'));
    fs.rmSync(path.join(root, 'src/web/lib/a.ts'));
    expect(webBuildIsCurrent(root)).toBe(false);
  });
});
