import os from 'node:os';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { exitIfDatabaseInUse } from './db/pglite-owner-lock';
import { listenLine } from './listen-line';
import { FFMPEG_NICENESS } from './media/run-ffmpeg';
import { loggerOptions } from './plugins/logger-options';

const workerOnly = process.argv.includes('--worker');
const listOf = (parts: string[]) =>
  new Intl.ListFormat('en', { type: 'conjunction' }).format(parts);

const start = async () => {
  const config = loadConfigOrExit();
  if (workerOnly && config.workers === 'none') {
    console.error(
      'Invalid configuration:\n  RUN_WORKERS: false leaves a --worker process nothing to do; set true, general or render',
    );
    process.exit(1);
  }
  if (workerOnly && config.workers === 'render') {
    // Everything a render worker does (fetching inputs, drawing the overlay, storing the result)
    // gives way to API processes on the same machine, as its encodes do (decision 200).
    os.setPriority(FFMPEG_NICENESS);
  }
  // Workers start inside buildApp, before it returns: the signal handler goes in first and
  // waits for the build, so a SIGTERM during start-up still stops the jobs cleanly.
  const building = buildApp(config, {
    workers: config.workers,
    logger: loggerOptions(config.logLevel, { pretty: process.stdout.isTTY === true }),
  }).catch(exitIfDatabaseInUse);
  // Stopping takes at most about 7 s (running jobs get 2 s, then are handed back; see
  // jobs/queue.ts), inside the 10 s an orchestrator usually waits before SIGKILL. A second
  // signal exits at once.
  closeWithGrace({ delay: 9_500 }, async ({ signal, err }) => {
    const { app } = await building;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'exit'}: shutting down`);
    await app.close();
  });
  const { app, adapterLines, adapterWarnings, prepareStarterAssets } = await building;
  for (const line of adapterLines) app.log[adapterWarnings.includes(line) ? 'warn' : 'info'](line);

  if (workerOnly) {
    app.log.info('worker: processing jobs (no HTTP server in this process)');
    return;
  }
  if (config.assetsBeforeListen) {
    const missing = await prepareStarterAssets('now');
    if (missing.length > 0) app.log.info(`prepared ${listOf(missing)}`);
  }
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => listenLine(address, config.trustedOrigins),
  });
  app.log.info(`Hookreel is running: open ${config.appUrl}`);
  // After listening: a fresh install's sample videos and image library are made by a job while
  // the newcomer signs up; a later start finds them with one query and a few file checks.
  try {
    const missing = await prepareStarterAssets('job');
    if (missing.length > 0) {
      // The shipped assets (decision 090) leave only the library's import: seconds.
      app.log.info(`preparing ${listOf(missing)} in the background`);
    }
  } catch (err) {
    app.log.error({ err }, 'the sample videos and starter library could not be prepared');
  }
};

await start();
