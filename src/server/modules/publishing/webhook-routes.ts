import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import { AppError } from '../../errors';
import type { PublishingAccounts, PublishingService } from './publishing-service';
import type { WebhookEvents } from './webhook-events';

/**
 * TikTok retries a webhook for up to 72 hours (docs/decisions/064), so a valid signature up to
 * that old (plus an hour of slack) is accepted; each event is applied once (`WebhookEvents`), so
 * a replay inside the window changes nothing. Clocks may differ: 5 minutes into the future.
 */
export const WEBHOOK_MAX_AGE_SECONDS = 73 * 3600;
const MAX_FUTURE_SECONDS = 5 * 60;

const ZWebhook = z.object({
  client_key: z.string().optional(),
  event: z.string(),
  create_time: z.number().optional(),
  user_openid: z.string(),
  content: z.string().default('{}'),
});

const ZContent = z
  .object({
    publish_id: z.string().optional(),
    // authorization.removed carries a number (0–5), post.publish.failed a string.
    reason: z.union([z.string(), z.number().transform(String)]).optional(),
    post_id: z.union([z.string(), z.number()]).optional(),
  })
  .passthrough();

const invalid = (message: string) => new AppError('invalid_signature', message);

/** `TikTok-Signature: t=<unix>,s=<hex>` with s = HMAC-SHA256(secret, `${t}.${rawBody}`). */
export const verifyTikTokSignature = (
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
) => {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!parts.t || !parts.s || !Number.isInteger(t)) throw invalid('Missing TikTok signature');
  if (nowSeconds - t > WEBHOOK_MAX_AGE_SECONDS || t - nowSeconds > MAX_FUTURE_SECONDS) {
    throw invalid('Stale TikTok webhook');
  }
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const given = Buffer.from(parts.s, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalid('Bad TikTok signature');
  }
};

/** Webhook event → what a status check would have said. */
const STATUS_OF: Record<string, string> = {
  'post.publish.inbox_delivered': 'SEND_TO_USER_INBOX',
  'post.publish.complete': 'PUBLISH_COMPLETE',
  'post.publish.publicly_available': 'PUBLISH_COMPLETE',
  'post.publish.failed': 'FAILED',
};

/** Webhook event → whether the post is publicly viewable now (TikTok's spelling, sic). */
const PUBLICNESS_OF: Record<string, boolean> = {
  'post.publish.publicly_available': true,
  'post.publish.no_longer_publicaly_available': false,
};

/**
 * POST /api/tiktok/webhooks (docs/product/publishing.md rule 11): verified over the raw body, stale
 * refused, and applied to the same post records as polling; a replay or a late event changes
 * nothing.
 */
export const tiktokWebhookRoutes: FastifyPluginAsync<{
  secret: () => string;
  service: PublishingService;
  accounts: Pick<PublishingAccounts, 'markAuthorizationRemoved'>;
  log: (level: 'info' | 'warn', message: string, extra?: object) => void;
  /** Events already applied: a retry or a replay is answered 200 and ignored. */
  events: WebhookEvents;
}> = async (app, { secret, service, accounts, log, events }) => {
  const apply = async (event: z.infer<typeof ZWebhook>, content: z.infer<typeof ZContent>) => {
    if (event.event === 'authorization.removed') {
      await accounts.markAuthorizationRemoved(event.user_openid);
      return;
    }
    const status = STATUS_OF[event.event];
    const publicness = PUBLICNESS_OF[event.event];
    const post = content.publish_id
      ? await service.findPostByPublishId(content.publish_id)
      : undefined;
    // Unknown posts and events still answer 200, or TikTok would retry them for 72 hours.
    if ((!status && publicness === undefined) || !post || post.openId !== event.user_openid) {
      log('info', `tiktok webhook ${event.event} ignored`, { publishId: content.publish_id });
      return;
    }
    if (publicness !== undefined) {
      // The event's own time orders these words, not when a retry happens to arrive.
      const at = event.create_time ? new Date(event.create_time * 1000) : new Date();
      await service.recordPublicness(post, publicness, at);
    }
    if (!status) return;
    // post_id is an int64: read its digits from the text, JSON.parse would round it.
    const postId =
      /"post_id"\s*:\s*"?(\d+)/.exec(event.content)?.[1] ??
      (content.post_id !== undefined ? String(content.post_id) : undefined);
    await service.applyStatus(post, {
      status,
      failReason: content.reason ?? null,
      publiclyAvailablePostIds: postId ? [postId] : [],
    });
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post('/api/tiktok/webhooks', {
    schema: {
      tags: ['publishing'],
      summary: 'TikTok webhooks (TikTok-Signature over the raw body); applied idempotently',
      response: { 200: z.object({ received: z.literal(true) }), 400: ZErrorResponse },
    },
    handler: async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['tiktok-signature'];
      verifyTikTokSignature(secret(), typeof header === 'string' ? header : undefined, raw);
      let event: z.infer<typeof ZWebhook>;
      let content: z.infer<typeof ZContent>;
      try {
        event = ZWebhook.parse(JSON.parse(raw.toString('utf8')));
        content = ZContent.parse(JSON.parse(event.content));
      } catch {
        throw new AppError('bad_request', 'Unreadable TikTok webhook');
      }
      // The signed body is the event: TikTok's retry carries the same one (with a new signature
      // time), a replay too. Remembered only once applied, so a failure here is retried.
      const key = createHash('sha256').update(raw).digest('hex');
      if (await events.applied(key)) {
        log('info', `tiktok webhook ${event.event} already applied`);
        return { received: true as const };
      }
      await apply(event, content);
      await events.remember(key, event.event);
      return { received: true as const };
    },
  });
};
