import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-tests';

const root = path.resolve(import.meta.dirname, '..');

/** Every server test file that calls one of the database helpers, found by text, not imports. */
const callersOfDatabaseHelpers = () =>
  execFileSync(
    'git',
    [
      'grep',
      '-l',
      '-E',
      'createTestApp\\(|createJobTestDatabase\\(|createListeningTestApp\\(',
      '--',
      'src/server/**/*.test.ts',
      'src/contract/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean);

describe('the test files of the PostgreSQL pass', () => {
  const files = databaseTestFiles(root);

  it('include every test that opens a test database, however it imports the helper', () => {
    const callers = callersOfDatabaseHelpers();
    expect(callers.length).toBeGreaterThan(30);
    expect(callers.filter((f) => !files.includes(f))).toEqual([]);
  });

  it('include tests that read TEST_DATABASE_URL themselves', () => {
    expect(files).toContain('src/server/modules/campaigns/campaign-two-workers.test.ts');
  });

  it('leave out tests that never meet the database, and the crash tests that run on PGlite', () => {
    expect(files).not.toContain('src/server/adapters/ai/local-writer.test.ts');
    expect(files).not.toContain('src/server/media/run-ffmpeg.test.ts');
    expect(files).not.toContain('src/server/modules/render/render-crash.test.ts');
    expect(files).not.toContain('src/server/server-shutdown.test.ts');
    expect(files.some((f) => f.startsWith('src/web/'))).toBe(false);
  });
});
