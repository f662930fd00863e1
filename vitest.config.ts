import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { moduleMockTests } from './scripts/module-mock-tests.ts';
import LongFirstSequencer from './scripts/vitest-sequencer.ts';

const SERVER_TESTS = [
  'src/server/**/*.test.ts',
  'src/contract/**/*.test.ts',
  'scripts/**/*.test.ts',
  'eslint-rules/**/*.test.ts',
];
const MODULE_MOCKS = moduleMockTests('src/server');
const WEB_TESTS = ['src/web/**/*.test.{ts,tsx}'];
const WEB_MODULE_MOCKS = moduleMockTests('src/web');
/**
 * A timeout catches a hang, not slowness (speed is measured in `npm run bench`). In CI on a
 * 2-core machine the server suite's four workers run beside server processes and ffmpeg at a
 * load of 10 to 14, and a test that waits on real timers in turn (campaign-sending's four
 * refused sends) once took over 30 s there.
 */
const SERVER_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 120_000 };
/**
 * The server tests' workers compile PGlite's WebAssembly with V8's baseline compiler only: the
 * optimising recompile of its hot functions ran on four background threads beside every worker
 * and cost more CPU than it saved in a run of minutes. Eight database-heavy files took 144–154
 * CPU-s with it off against 165–167 with it on, on a 2-core machine (decision 250).
 */
const SERVER_EXEC_ARGV = ['--liftoff-only'];
/**
 * Bundles the server for the tests that start it as a process (decision 249); drops the
 * PostgreSQL databases the test apps' pool kept, once the run ends (decision 241).
 */
const SERVER_GLOBAL_SETUP = [
  'src/server/testing/server-bundle-setup.ts',
  'src/server/testing/pooled-databases-teardown.ts',
];
const WEB_TIMEOUT = 30_000;

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/web'),
      '#contract': path.resolve(import.meta.dirname, 'src/contract'),
      '#server': path.resolve(import.meta.dirname, 'src/server'),
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // where the server tests spend much of their time waiting on child processes (servers,
    // ffmpeg) and on leases. The crash and shutdown tests, started first, mostly wait on a
    // server process of their own for minutes, so two workers more than cores keep both cores
    // busy while they do (decision 146).
    maxWorkers: os.availableParallelism() + 2,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...MODULE_MOCKS],
          environment: 'node',
          // One worker imports the server's modules once for all its files instead of once per
          // file: about 40 % of the server suite's CPU went to importing them again (decision
          // 146). Each file still builds its own app and database; what modules keep between
          // files is memos of pure functions.
          isolate: false,
          globalSetup: SERVER_GLOBAL_SETUP,
          execArgv: SERVER_EXEC_ARGV,
          ...SERVER_TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace a module with vi.mock need a module graph of their own.
          name: 'server-isolated',
          include: MODULE_MOCKS,
          environment: 'node',
          globalSetup: SERVER_GLOBAL_SETUP,
          execArgv: SERVER_EXEC_ARGV,
          ...SERVER_TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: WEB_TESTS,
          exclude: [...configDefaults.exclude, ...WEB_MODULE_MOCKS],
          environment: 'jsdom',
          setupFiles: ['src/web/testing/setup.ts', 'src/web/testing/shared-window.ts'],
          // One jsdom and one import of the app's modules per worker instead of per file: the
          // web suite's CPU went mostly to building jsdoms and importing React, Radix and the
          // features again for each of its 86 files (decision 146). shared-window.ts puts back
          // what a test may change in the shared window after each test.
          isolate: false,
          // Component tests wait on the busy machine the same way as the server's (see setup.ts).
          testTimeout: WEB_TIMEOUT,
        },
      },
      {
        extends: true,
        test: {
          // Empty since the web tests spy on a module's exports instead of replacing the module
          // (decision 247): its 32 files cost four times the CPU of the shared project's 54. Kept
          // so that a file that does call vi.mock, or a harness that registers hooks when it is
          // imported, still runs apart instead of leaving its mock or missing its hooks in the
          // files after it.
          name: 'web-isolated',
          include: WEB_MODULE_MOCKS,
          environment: 'jsdom',
          // Each file still gets modules and a window of its own, in a VM context of a worker
          // that lives on, instead of a new worker with a new jsdom: the 32 files took 112 CPU-s
          // instead of 198 on a quiet 2-core machine, all 221 tests passing (decision 242).
          pool: 'vmForks',
          setupFiles: ['src/web/testing/setup.ts'],
          testTimeout: WEB_TIMEOUT,
        },
      },
    ],
  },
});
