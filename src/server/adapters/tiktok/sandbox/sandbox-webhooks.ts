import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job';

export const SANDBOX_WEBHOOK_EVENTS = [
  'post.publish.inbox_delivered',
  'post.publish.complete',
  'post.publish.failed',
  'post.publish.publicly_available',
  // TikTok's own spelling of the event name.
  'post.publish.no_longer_publicaly_available',
  'authorization.removed',
] as const;

export const ZSandboxWebhook = z.object({
  event: z.enum(SANDBOX_WEBHOOK_EVENTS),
  userOpenId: z.string().min(1),
  /** Unix seconds when the event happened (TikTok's `create_time`), not when it is delivered. */
  createTime: z.number().int(),
  content: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type SandboxWebhook = z.infer<typeof ZSandboxWebhook>;

/**
 * `TikTok-Signature: t=<unix>,s=<hex>`, s = HMAC-SHA256(client secret, `${t}.${body}`)
 * (docs/product/publishing.md rule 11).
 */
export const signWebhook = (clientSecret: string, body: string, t: number) =>
  `t=${t},s=${createHmac('sha256', clientSecret).update(`${t}.${body}`).digest('hex')}`;

/** TikTok's delivery body: `content` is a JSON string inside the JSON, as TikTok sends it. */
export const webhookBody = (clientKey: string, hook: SandboxWebhook) =>
  JSON.stringify({
    client_key: clientKey,
    event: hook.event,
    create_time: hook.createTime,
    user_openid: hook.userOpenId,
    content: JSON.stringify(hook.content),
  });

export const SANDBOX_WEBHOOK_JOB = 'tiktok-sandbox-webhook';

/**
 * The sandbox delivers its webhooks as TikTok does: at least once, retried with backoff while
 * the receiver is down or answers anything but 2xx (here for about two hours).
 */
export const createSandboxWebhookJob = ({
  url,
  client,
  retry = { retryLimit: 8, retryDelaySeconds: 15 },
}: {
  url: string;
  client: { key: string; secret: string };
  retry?: { retryLimit: number; retryDelaySeconds: number };
}) =>
  defineJob({
    name: SANDBOX_WEBHOOK_JOB,
    schema: ZSandboxWebhook,
    ...retry,
    expireInSeconds: 30,
    concurrency: 5,
    handle: async (hook) => {
      const body = webhookBody(client.key, hook);
      const signature = signWebhook(client.secret, body, Math.floor(Date.now() / 1000));
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'tiktok-signature': signature },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`webhook ${hook.event} answered ${response.status}`);
      }
    },
  });
