import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tiktokWebhookEvents } from '../../db/schema';

export const isWebhookEventApplied = async (db: Database, key: string) =>
  (
    await db
      .select({ key: tiktokWebhookEvents.key })
      .from(tiktokWebhookEvents)
      .where(eq(tiktokWebhookEvents.key, key))
      .limit(1)
  ).length > 0;

/** Records the event and forgets the ones received before `forgetBefore`. */
export const rememberWebhookEvent = async (
  db: Database,
  key: string,
  event: string,
  forgetBefore: Date,
) => {
  await db.insert(tiktokWebhookEvents).values({ key, event }).onConflictDoNothing();
  await db.delete(tiktokWebhookEvents).where(lt(tiktokWebhookEvents.receivedAt, forgetBefore));
};
