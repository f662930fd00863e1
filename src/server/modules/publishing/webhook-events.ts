import type { Database } from '../../db/client';
import { isWebhookEventApplied, rememberWebhookEvent } from './webhook-events-repo';

/** Webhook events already applied (decision 064), kept as long as TikTok may still send them. */
export type WebhookEvents = {
  applied: (key: string) => Promise<boolean>;
  remember: (key: string, event: string) => Promise<void>;
};

export const createWebhookEvents = (db: Database, keepMs: number): WebhookEvents => ({
  applied: (key) => isWebhookEventApplied(db, key),
  remember: (key, event) => rememberWebhookEvent(db, key, event, new Date(Date.now() - keepMs)),
});
