/**
 * Runs before the server on `npm start` and `npm run start:worker`: builds the web app when there
 * is no build yet (a fresh clone) or its sources changed since (a pull, decision 255), then
 * bundles the server (`scripts/server-bundle.ts`), which the npm script then runs with plain
 * Node. Only the web app is built here (seconds); the sample videos and starter library that
 * `npm run build` also makes are made by the server after it is listening (decision 028). The
 * server bundle is made again at every start (about a second), so it is never older than the
 * sources either. `--worker` skips the web app, which a worker does not serve.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleServer } from './server-bundle';
import { webBuildIsCurrent } from './web-build-current';

const index = path.resolve('dist/web/index.html');
/** Held while one start builds: the journeys start three servers from one checkout at once. */
const LOCK = path.resolve('dist/web-build.lock');
/** A lock older than this was left by a start that died while building. */
const STALE_LOCK_MS = 5 * 60_000;

const buildWebApp = () => {
  console.log(
    fs.existsSync(index)
      ? 'Building the web app (its sources changed since the last build)…'
      : 'Building the web app (first start)…',
  );
  // vite's package exports hide its bin; the path is stable across versions.
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) return result.status ?? 1;
  // The landing page as static HTML (decision 052): a second or two, in a process of its own.
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
  const prerender = spawnSync(process.execPath, [tsx, 'scripts/prerender-landing.ts'], {
    stdio: 'inherit',
  });
  return prerender.status ?? 1;
};

const takeLock = (): number | null => {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  try {
    return fs.openSync(LOCK, 'wx');
  } catch {
    const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age > STALE_LOCK_MS) fs.rmSync(LOCK, { force: true });
    return null;
  }
};

if (!process.argv.includes('--worker')) {
  // Built once at most: a source dated in the future (a clock set back) must not loop it.
  let built = false;
  while (!built && !webBuildIsCurrent(process.cwd())) {
    const lock = takeLock();
    if (lock === null) {
      // Another start is building: wait for it, then look again.
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    let status = 0;
    try {
      if (!webBuildIsCurrent(process.cwd())) status = buildWebApp();
      built = true;
    } finally {
      fs.closeSync(lock);
      fs.rmSync(LOCK, { force: true });
    }
    if (status !== 0) process.exit(status);
  }
}
await bundleServer();
