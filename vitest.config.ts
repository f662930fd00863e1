import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './scripts/vitest-sequencer';

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
    // ffmpeg) and on leases, so one more worker than cores keeps both cores busy.
    maxWorkers: os.availableParallelism() + 1,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/testing/setup.ts'],
          // Component tests wait on the busy machine the same way as the server's (see setup.ts).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
