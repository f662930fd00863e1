import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { findSandboxAccount } from './sandbox-accounts-repo';
import { authenticateSandboxToken } from './sandbox-auth';
import { avatarUrl } from './sandbox-avatar';
import {
  invalidParams,
  SandboxEnvelopeError,
  scopeNotAuthorized,
  sendEnvelope,
} from './sandbox-envelope';
import { useEnvelopeScope } from './sandbox-envelope-scope';
import type { SandboxOptions } from './sandbox-options';
import { readClockOffset } from './sandbox-clock-repo';
import { takeSandboxCall } from './sandbox-rate-limit';
import { sandboxVideoStats } from './sandbox-video-stats';
import { allPublishedVideos } from './sandbox-videos-repo';

/** Which scope each user-info field needs (TikTok's user info docs). */
const FIELD_SCOPES: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  username: 'user.info.profile',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

const PUBLIC_PRIVACY = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
const PRIVATE_PRIVACY = ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];

/** Login Kit's user info and the creator info query, answered in TikTok's envelope. */
export const sandboxApiRoutes: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const { db } = options;
  useEnvelopeScope(app);

  /** The caller's account; its owner is the only seller whose tokens reach it. */
  const caller = async (request: FastifyRequest) => {
    const who = await authenticateSandboxToken(db, request.headers.authorization);
    const account = await findSandboxAccount(db, who.ownerUserId, who.openId);
    if (!account) throw new SandboxEnvelopeError('access_token_invalid', 'Unknown user.', 401);
    return { ...who, account };
  };

  app.get('/v2/user/info/', { schema: { hide: true } }, async (request, reply) => {
    const { account, scopes, tokenHash } = await caller(request);
    await takeSandboxCall(db, tokenHash, 'user_info');
    const raw = (request.query as Record<string, unknown>).fields;
    const fields =
      typeof raw === 'string'
        ? raw
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean)
        : [];
    if (fields.length === 0) throw invalidParams('fields is required.');
    const unknown = fields.filter((f) => !FIELD_SCOPES[f]);
    if (unknown.length > 0) throw invalidParams(`Unknown fields: ${unknown.join(',')}.`);
    const missing = [...new Set(fields.map((f) => FIELD_SCOPES[f]!))].filter(
      (s) => !scopes.includes(s),
    );
    if (missing.length > 0) {
      throw new SandboxEnvelopeError(
        'scope_permission_missed',
        `Requested fields need scopes the user did not grant: ${missing.join(',')}.`,
        401,
      );
    }
    const avatar = avatarUrl(options.publicOrigin, account.openId);
    // The stats fields add up the account's posted items at its clock (decision 044).
    const totals = { likes: 0, videos: 0 };
    if (fields.some((f) => FIELD_SCOPES[f] === 'user.info.stats')) {
      const now = Date.now() + (await readClockOffset(db, account.openId)) * 1000;
      for (const video of await allPublishedVideos(db, account.openId)) {
        totals.videos += 1;
        totals.likes += sandboxVideoStats(
          video.postId!,
          (now - video.postedAt.getTime()) / 1000,
        ).likes;
      }
    }
    const values: Record<string, unknown> = {
      open_id: account.openId,
      union_id: account.unionId,
      avatar_url: avatar,
      avatar_url_100: avatar,
      avatar_large_url: avatar,
      display_name: account.displayName,
      username: account.username,
      bio_description: '',
      profile_deep_link: `${options.publicOrigin}/tiktok-sandbox?account=${account.openId}`,
      is_verified: false,
      // A follower for every twenty likes: enough to look alive, never invented beyond the posts.
      follower_count: Math.floor(totals.likes / 20),
      following_count: 0,
      likes_count: totals.likes,
      video_count: totals.videos,
    };
    return sendEnvelope(reply, { user: Object.fromEntries(fields.map((f) => [f, values[f]])) });
  });

  app.post(
    '/v2/post/publish/creator_info/query/',
    { schema: { hide: true } },
    async (request, reply) => {
      const { account, scopes, tokenHash } = await caller(request);
      await takeSandboxCall(db, tokenHash, 'creator_info');
      if (!scopes.includes('video.publish')) throw scopeNotAuthorized('video.publish');
      return sendEnvelope(reply, {
        creator_avatar_url: avatarUrl(options.publicOrigin, account.openId),
        creator_username: account.username,
        creator_nickname: account.displayName,
        privacy_level_options: account.privateAccount ? PRIVATE_PRIVACY : PUBLIC_PRIVACY,
        comment_disabled: account.commentDisabled,
        // TikTok reports Duet and Stitch off for private accounts.
        duet_disabled: account.duetDisabled || account.privateAccount,
        stitch_disabled: account.stitchDisabled || account.privateAccount,
        max_video_post_duration_sec: account.maxVideoPostDurationSec,
      });
    },
  );
};
