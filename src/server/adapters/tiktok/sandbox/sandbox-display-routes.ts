import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findSandboxAccount } from './sandbox-accounts-repo';
import { authenticateSandboxToken } from './sandbox-auth';
import { readClockOffset } from './sandbox-clock-repo';
import {
  invalidParams,
  SandboxEnvelopeError,
  scopeNotAuthorized,
  sendEnvelope,
} from './sandbox-envelope';
import { useEnvelopeScope } from './sandbox-envelope-scope';
import type { SandboxOptions } from './sandbox-options';
import { takeSandboxCall } from './sandbox-rate-limit';
import { sandboxVideoStats } from './sandbox-video-stats';
import type { SandboxVideoRow } from './sandbox-videos-repo';
import { findPublishedVideos, listPublishedVideos } from './sandbox-videos-repo';

/** Every field of TikTok's video object the sandbox can answer (Display API). */
const VIDEO_FIELDS = new Set([
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_html',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
]);

const ZListBody = z.object({
  cursor: z.coerce.number().int().nonnegative().optional(),
  max_count: z.number().int().min(1).max(20).optional(),
});
const ZQueryBody = z.object({
  filters: z.object({
    video_ids: z
      .array(z.union([z.string(), z.number()]).transform(String))
      .min(1)
      .max(20),
  }),
});

/** The `fields` query parameter, required and made of known fields only. */
const fieldsOf = (request: FastifyRequest): string[] => {
  const raw = (request.query as Record<string, unknown>).fields;
  const fields =
    typeof raw === 'string'
      ? raw
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
      : [];
  if (fields.length === 0) throw invalidParams('fields is required.');
  const unknown = fields.filter((f) => !VIDEO_FIELDS.has(f));
  if (unknown.length > 0) throw invalidParams(`Unknown fields: ${unknown.join(',')}.`);
  return fields;
};

const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalidParams(result.error.issues[0]?.message ?? 'Invalid body.');
  return result.data;
};

/**
 * The Display API (decision 044): `video/list` and `video/query` over the test account's posted
 * items, with views, likes, comments and shares that grow with the account's clock. Same
 * envelope, scope (`video.list`), limits (600 a minute per endpoint) and failures as TikTok's.
 */
export const sandboxDisplayRoutes: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const { db } = options;
  useEnvelopeScope(app);

  const caller = async (request: FastifyRequest, kind: 'video_list' | 'video_query') => {
    const who = await authenticateSandboxToken(db, request.headers.authorization);
    const account = await findSandboxAccount(db, who.ownerUserId, who.openId);
    if (!account) throw new SandboxEnvelopeError('access_token_invalid', 'Unknown user.', 401);
    await takeSandboxCall(db, who.tokenHash, kind);
    if (!who.scopes.includes('video.list')) throw scopeNotAuthorized('video.list');
    const now = Date.now() + (await readClockOffset(db, account.openId)) * 1000;
    return { account, now };
  };

  const describe = (row: SandboxVideoRow, now: number, fields: string[], username: string) => {
    const id = row.postId!;
    const stats = sandboxVideoStats(id, (now - row.postedAt.getTime()) / 1000);
    const link = `${options.publicOrigin}/tiktok-sandbox?video=${id}`;
    const values: Record<string, unknown> = {
      id,
      create_time: Math.floor(row.postedAt.getTime() / 1000),
      cover_image_url: null,
      share_url: `${link}&account=${encodeURIComponent(username)}`,
      video_description: row.description ?? '',
      duration: row.kind === 'photo' ? 0 : 10,
      height: 1920,
      width: 1080,
      title: row.title ?? '',
      embed_html: '',
      embed_link: link,
      like_count: stats.likes,
      comment_count: stats.comments,
      share_count: stats.shares,
      view_count: stats.views,
    };
    return Object.fromEntries(fields.map((f) => [f, values[f]]));
  };

  app.post('/v2/video/list/', { schema: { hide: true } }, async (request, reply) => {
    const { account, now } = await caller(request, 'video_list');
    const fields = fieldsOf(request);
    const body = parse(ZListBody, request.body);
    const limit = body.max_count ?? 10;
    const rows = await listPublishedVideos(db, account.openId, {
      before: body.cursor === undefined ? null : new Date(body.cursor),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return sendEnvelope(reply, {
      videos: page.map((row) => describe(row, now, fields, account.username)),
      // The next call fetches what was posted before the last one shown (UTC ms).
      cursor: last ? last.postedAt.getTime() : (body.cursor ?? 0),
      has_more: rows.length > limit,
    });
  });

  app.post('/v2/video/query/', { schema: { hide: true } }, async (request, reply) => {
    const { account, now } = await caller(request, 'video_query');
    const fields = fieldsOf(request);
    const body = parse(ZQueryBody, request.body);
    // Only the token's own user's videos come back; anyone else's ids are simply absent.
    const rows = await findPublishedVideos(db, account.openId, body.filters.video_ids);
    return sendEnvelope(reply, {
      videos: rows.map((row) => describe(row, now, fields, account.username)),
    });
  });
};
