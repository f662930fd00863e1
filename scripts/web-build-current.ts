/**
 * Whether the web build in `dist/web` is as new as everything it is built from (decision 255).
 * `npm start` builds the web app when it is missing or older than its sources, so a checkout
 * updated with `git pull` never serves yesterday's app beside today's server: the server bundle is
 * made at every start, and a preview drawn by an old web build broke hooks onto other lines than
 * the render did. A file's time is what git checkout leaves, so a pulled change is newer than the
 * last build; a removed file changes its folder's time.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What the web build reads: its sources, the layouts it shares with the server, its config. */
const WEB_INPUTS = [
  'src/web',
  'src/contract',
  'vite.config.ts',
  'package-lock.json',
  'scripts/prerender-landing.ts',
];

const newestIn = (entry: string): number => {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry))
    newest = Math.max(newest, newestIn(path.join(entry, name)));
  return newest;
};

export const webBuildIsCurrent = (root: string): boolean => {
  let built: number;
  try {
    built = fs.statSync(path.join(root, 'dist/web/index.html')).mtimeMs;
  } catch {
    return false;
  }
  return WEB_INPUTS.every((input) => newestIn(path.join(root, input)) <= built);
};
