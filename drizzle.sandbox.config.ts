import { defineConfig } from 'drizzle-kit';

// The built-in TikTok sandbox's own schema and migrations (decision 180), applied after the
// product's by `db/client.ts` when the sandbox is on: `npm run db:generate:sandbox`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/adapters/tiktok/sandbox/sandbox-schema.ts',
  out: './src/server/adapters/tiktok/sandbox/migrations',
  schemaFilter: ['tiktok_sandbox'],
  migrations: { schema: 'tiktok_sandbox', table: '__drizzle_migrations' },
});
