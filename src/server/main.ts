import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

const workerOnly = process.argv.includes('--worker');

const start = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, adapterLines } = await buildApp(config, {
    runWorkers: workerOnly || config.runWorkers,
  });
  for (const line of adapterLines) app.log.info(line);

  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'exit'}: shutting down`);
    await app.close();
  });

  if (workerOnly) {
    app.log.info('worker: processing jobs (no HTTP server in this process)');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Hookreel is running: open ${config.appUrl}`);
};

await start();
