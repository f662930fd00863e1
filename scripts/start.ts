/**
 * Runs before the server on `npm start` and `npm run start:worker`: builds the web app when there
 * is no build yet (a fresh clone), then bundles the server (`scripts/server-bundle.ts`), which
 * the npm script then runs with plain Node. Only the web app is built here (seconds); the sample
 * videos and starter library that `npm run build` also makes are made by the server after it is
 * listening (decision 028). A later `npm run build` refreshes the web build; start never rebuilds
 * an existing one. The server bundle is made again at every start (about a second), so it is never
 * older than the sources. `--worker` skips the web app, which a worker does not serve.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleServer } from './server-bundle';

const index = path.resolve('dist/web/index.html');
if (!process.argv.includes('--worker') && !fs.existsSync(index)) {
  console.log('Building the web app (first start)…');
  // vite's package exports hide its bin; the path is stable across versions.
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The landing page as static HTML (decision 052): a second or two, in a process of its own.
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
  const prerender = spawnSync(process.execPath, [tsx, 'scripts/prerender-landing.ts'], {
    stdio: 'inherit',
  });
  if (prerender.status !== 0) process.exit(prerender.status ?? 1);
}
await bundleServer();
