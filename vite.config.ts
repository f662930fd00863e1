import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/web'),
      '#contract': path.resolve(import.meta.dirname, 'src/contract'),
    },
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Modules run in the order their imports say, also across chunks: main.tsx's first import
    // (lib/zod-csp.ts) must run before any chunk that builds zod schemas (decision 146).
    rolldownOptions: { output: { strictExecutionOrder: true } },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});
