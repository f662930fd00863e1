/**
 * One worker process of the campaigns bench (bench-campaigns.ts): the whole app with its job
 * workers on the bench's PostgreSQL database, listening on its own port (the TikTok client
 * calls the built-in sandbox at APP_URL). Says "ready" over IPC; stops on SIGTERM.
 */
import { buildApp } from '../src/server/app';
import type { Config } from '../src/server/config';
import { campaignBenchConfig } from './bench-campaigns-config';

const [databaseJson, dataDir, port] = process.argv.slice(2) as [string, string, string];
const database = JSON.parse(databaseJson) as Config['database'];
const ctx = await buildApp(campaignBenchConfig(dataDir, database, Number(port)), {
  logger: false,
  workers: 'all',
});
await ctx.app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => {
  void ctx.app.close().finally(() => process.exit(0));
});
