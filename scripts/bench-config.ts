import type { Config } from '../src/server/config';
import { loadConfig } from '../src/server/config';

/** A production-like server for the benches: quiet, no web app, limits out of the load's way. */
export const benchConfig = (dataDir: string, database: Config['database']) =>
  loadConfig(
    {
      NODE_ENV: 'production',
      APP_SECRET: 'bench-Qv7rTz2mWk9pLx4nHs6dJc8fBg3yRa5e',
      DATA_DIR: dataDir,
      PORT: '0',
      APP_URL: 'http://bench.local',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '100000',
    },
    { database, webDir: null },
  );
