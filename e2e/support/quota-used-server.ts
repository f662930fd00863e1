/**
 * The real app on a fresh embedded database, seeded with a Basic subscriber whose quota for the
 * period is used up. A Playwright journey starts it as a child process: the quota can only be
 * used up by posting and rendering, which the journeys of this issue cannot do yet, and the
 * shared e2e server's database belongs to that process alone.
 *
 * Prints one JSON line `{ "ready": true, email, password }` once it listens on PORT.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PLANS } from '#contract/plans';
import { users } from '#server/db/schema';
import { createTestApp } from '#server/testing/test-app';

const port = Number(process.env.PORT ?? 4318);
const appUrl = `http://localhost:${port}`;

const t = await createTestApp({ webDir: path.resolve('dist/web'), appUrl, port });
const user = await t.createUser(undefined, 'Quinn Quota');
await t.app.inject({
  method: 'POST',
  url: '/api/products',
  headers: user.headers,
  payload: { name: 'Trail Bottle', description: '$29 insulated bottle for hikers' },
});
await t.db.db
  .update(users)
  .set({
    plan: 'basic',
    subscriptionStatus: 'active',
    currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600 * 1000),
  })
  .where(eq(users.id, user.userId));
for (let i = 0; i < (PLANS.basic.quota ?? 0); i += 1) {
  await t.usage.recordUsage(user.userId, 'carousel', `seed-post-${i}`);
}
await t.app.listen({ port, host: t.config.host });
console.log(JSON.stringify({ ready: true, email: user.email, password: 'secret-pass-1' }));

const stop = async () => {
  await t.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
