/**
 * Imports an operator's own licensed image library into the configured database and storage
 * (docs/ARCHITECTURE.md, "Image library"). The folder holds one sub-folder per collection; each may
 * carry a collection.json ({"name": "Warm Sunset", "position": 3}). Running it again adds only new
 * images.
 *
 * Usage: npm run library:import -- <folder>
 */
import fs from 'node:fs/promises';
import { createStorage } from '../src/server/adapters/storage/create-storage';
import { loadConfigOrExit } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { exitIfDatabaseInUse } from '../src/server/db/pglite-owner-lock';
import { importLibrary } from '../src/server/library/import-library';

const folder = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!folder) {
  console.error('Usage: npm run library:import -- <folder>');
  process.exit(1);
}
const stat = await fs.stat(folder).catch(() => null);
if (!stat?.isDirectory()) {
  console.error(`Not a folder: ${folder}`);
  process.exit(1);
}

const config = loadConfigOrExit();

// The embedded database belongs to one process: beside a running server the open is refused.
const db = await openDatabase(config.database).catch(exitIfDatabaseInUse);
const storage = createStorage(config.storage, { secret: config.secret, appUrl: config.appUrl });
console.log(db.describe);
console.log(storage.describe);
try {
  const started = Date.now();
  const report = await importLibrary({
    db: db.db,
    storage,
    folder,
    log: (line) => console.log(line),
  });
  for (const { file, reason } of report.skipped) console.log(`skipped ${file}: ${reason}`);
  console.log(
    `Imported ${report.added} new images into ${report.collections.length} collection${report.collections.length === 1 ? '' : 's'} (${report.existing} already there) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await db.close();
}
