import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { exitIfDatabaseInUse } from './db/pglite-owner-lock';
import { ensureStarterLibrary } from './library/ensure-starter-library';

const workerOnly = process.argv.includes('--worker');

const start = async () => {
  const config = loadConfigOrExit();
  const runWorkers = workerOnly || config.runWorkers;
  // Workers start inside buildApp, before it returns: the signal handler goes in first and
  // waits for the build, so a SIGTERM during start-up still stops the jobs cleanly.
  const building = buildApp(config, { runWorkers }).catch(exitIfDatabaseInUse);
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    const { app } = await building;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'exit'}: shutting down`);
    await app.close();
  });
  const { app, adapterLines, adapterWarnings, db, storage } = await building;
  for (const line of adapterLines) app.log[adapterWarnings.includes(line) ? 'warn' : 'info'](line);

  if (workerOnly) {
    app.log.info('worker: processing jobs (no HTTP server in this process)');
    return;
  }
  // Here rather than in buildApp, so test apps start empty and fast. The first start draws the
  // images (seconds); later starts find them in the database with one query.
  if (config.starterLibrary.enabled) {
    try {
      await ensureStarterLibrary({
        db: db.db,
        storage,
        dir: config.starterLibrary.dir,
        log: (line) => app.log.info(line),
      });
    } catch (err) {
      app.log.error({ err }, 'image library: the starter library could not be prepared');
    }
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Hookreel is running: open ${config.appUrl}`);
};

await start();
