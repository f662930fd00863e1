import type { Config } from '../src/server/config';
import { loadConfig } from '../src/server/config';

/**
 * The campaigns bench's servers: the built-in TikTok sandbox at their own port (so not the
 * production mode, which wants real TikTok keys), quiet, sharing one data folder and secret as
 * scaled-out servers share S3 and APP_SECRET.
 */
export const campaignBenchConfig = (dataDir: string, database: Config['database'], port: number) =>
  loadConfig(
    {
      NODE_ENV: 'development',
      APP_SECRET: 'bench-Qv7rTz2mWk9pLx4nHs6dJc8fBg3yRa5e',
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      STARTER_LIBRARY: 'false',
      AUTH_RATE_LIMIT_MAX: '100000',
    },
    { database, webDir: null },
  );
