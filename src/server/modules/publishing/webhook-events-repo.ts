import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tiktokWebhookEvents } from '../../db/schema';

/** Webhook events already applied (decision 064), kept as long as TikTok may still send them. */
export type WebhookEvents = {
  applied: (key: string) => Promise<boolean>;
  remember: (key: string, event: string) => Promise<void>;
};

export const createWebhookEvents = (db: Database, keepMs: number): WebhookEvents => ({
  applied: async (key) =>
    (
      await db
        .select({ key: tiktokWebhookEvents.key })
        .from(tiktokWebhookEvents)
        .where(eq(tiktokWebhookEvents.key, key))
        .limit(1)
    ).length > 0,
  remember: async (key, event) => {
    await db.insert(tiktokWebhookEvents).values({ key, event }).onConflictDoNothing();
    await db
      .delete(tiktokWebhookEvents)
      .where(lt(tiktokWebhookEvents.receivedAt, new Date(Date.now() - keepMs)));
  },
});
