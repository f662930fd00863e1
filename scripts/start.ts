/**
 * `npm start`: builds the web app when there is no build yet (a fresh clone), then starts the
 * server. A later `npm run build` refreshes the build; start never rebuilds an existing one.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const index = path.resolve('dist/web/index.html');
if (!fs.existsSync(index)) {
  console.log('Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../src/server/main');
