import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const TEST_FILE = /\.test\.tsx?$/;
const RELATIVE_IMPORT = /from '(\.{1,2}\/[^']+)'/g;
const MODULE_MOCK = 'vi.mock(';
// A harness that registers hooks when it is imported registers them for the first file only
// when the module is kept between files. Hooks at the top level start a line (Prettier); one
// inside a function the test file calls is registered in each file that calls it.
const IMPORT_TIME_SETUP = /vi\.mock\(|^(before|after)(Each|All)\(/m;

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return TEST_FILE.test(entry.name) ? [full] : [];
  });

const resolveLocal = (from: string, specifier: string) =>
  ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => path.resolve(path.dirname(from), specifier + ending))
    .find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());

/**
 * The test files under `root` that replace a module with vi.mock, or import a harness from
 * their own folder that mocks modules or registers hooks when it is imported. Such a file needs
 * a module graph of its own: in a worker shared with other files (isolate: false) a mock would
 * stay in place for the files after it, and a harness imported once would set up and reset only
 * the first file that imported it (decision 146). A spy on a module's export, undone after each
 * test, and a harness whose hooks each file registers by calling it, need neither (decision 247).
 */
export const moduleMockTests = (root: string) =>
  testFiles(root)
    .filter((file) => {
      const source = readFileSync(file, 'utf8');
      if (source.includes(MODULE_MOCK)) return true;
      return [...source.matchAll(RELATIVE_IMPORT)].some(([, specifier]) => {
        const local = resolveLocal(file, specifier!);
        return local !== undefined && IMPORT_TIME_SETUP.test(readFileSync(local, 'utf8'));
      });
    })
    .map((file) => path.relative(process.cwd(), file));
