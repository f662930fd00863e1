import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import {
  ZSandboxClockRequest,
  ZSandboxClockResponse,
  ZSandboxInbox,
  ZSandboxInboxItem,
  ZSandboxSwitches,
} from '#contract/tiktok-sandbox-inbox';
import type { TSandboxInboxItem, TSandboxSwitches } from '#contract/tiktok-sandbox-inbox';
import type { Database } from '../../../db/client';
import { AppError, notFound } from '../../../errors';
import type { Storage } from '../../storage/storage';
import type { PostingJobs } from './posting-jobs';
import { revokeSandboxAccountGrants } from './sandbox-accounts-repo';
import { advanceClock, listClockOffsets, readClockOffset } from './sandbox-clock-repo';
import { int64Id } from './sandbox-ids';
import { sandboxVideoStats } from './sandbox-video-stats';
import type { SandboxPost, SandboxSwitches } from './posting-repo';
import {
  findOwnPost,
  isPublic,
  listOwnPosts,
  markPrivate,
  listSwitches,
  saveSwitches,
  transitionPost,
} from './posting-repo';
import type { JobQueue } from '../../../jobs/queue';

export type SandboxTestAccount = {
  openId: string;
  displayName: string;
  username: string | null;
  avatarUrl: string | null;
};

export type InboxRoutesOptions = {
  db: Database;
  storage: Storage;
  jobs: PostingJobs;
  queue: () => Pick<JobQueue, 'send'>;
  /** The signed-in user's id (our own session), or an AppError `unauthorized`. */
  requireUserId: (request: FastifyRequest) => Promise<string>;
  /** The signed-in seller's own test accounts (the sandbox's Login Kit half keeps them). */
  listTestAccounts: (ownerUserId: string) => Promise<SandboxTestAccount[]>;
};

const NO_SWITCHES: TSandboxSwitches = {
  rate_limited: false,
  pending_share_limit: false,
  picture_size_fails: false,
  token_expired: false,
  server_error: false,
  slow_polls: 0,
};

const toSwitches = (row: SandboxSwitches | undefined): TSandboxSwitches =>
  row
    ? {
        rate_limited: row.rateLimited,
        pending_share_limit: row.pendingShareLimit,
        picture_size_fails: row.pictureSizeFails,
        token_expired: row.tokenExpired,
        server_error: row.serverError,
        slow_polls: row.slowPolls,
      }
    : NO_SWITCHES;

/** One inbox item; a posted one with its stats at the account's clock (real time plus its offset). */
const toItem = async (
  storage: Storage,
  post: SandboxPost,
  clockOffsetSeconds = 0,
): Promise<TSandboxInboxItem> => ({
  id: post.id,
  publish_id: post.publishId,
  kind: post.kind,
  status: post.status,
  fail_reason: post.failReason,
  title: post.title,
  description: post.description,
  // Chunks of an unfinished upload are not something to show.
  media_urls:
    post.status === 'SEND_TO_USER_INBOX' || post.status === 'PUBLISH_COMPLETE'
      ? await Promise.all(post.mediaKeys.map((key) => storage.signedUrl(key)))
      : [],
  photo_cover_index: post.photoCoverIndex,
  post_id: post.postId,
  is_public: post.status === 'PUBLISH_COMPLETE' && isPublic(post),
  created_at: post.createdAt.toISOString(),
  stats:
    post.status === 'PUBLISH_COMPLETE' && post.postId
      ? sandboxVideoStats(
          post.postId,
          (Date.now() +
            clockOffsetSeconds * 1000 -
            (post.publishedAt ?? post.updatedAt).getTime()) /
            1000,
        )
      : null,
});

const ZOpenIdParams = z.object({ openId: z.string().min(1).max(128) });
const ZPostParams = z.object({ id: z.uuid() });
const errors = { 401: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/** The inbox page's API: the signed-in seller's own test accounts only, never another's. */
export const registerInboxRoutes = (
  app: FastifyInstance,
  { db, storage, jobs, queue, requireUserId, listTestAccounts }: InboxRoutesOptions,
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ownAccount = async (userId: string, openId: string) => {
    const account = (await listTestAccounts(userId)).find((a) => a.openId === openId);
    if (!account) throw notFound('No such test account');
    return account;
  };

  api.get(
    '/tiktok-sandbox/api/inbox',
    {
      schema: {
        hide: true,
        summary: "What the sandbox's test accounts of the signed-in seller received",
        response: { 200: ZSandboxInbox, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const userId = await requireUserId(request);
      const [accounts, posts, switches, clocks] = await Promise.all([
        listTestAccounts(userId),
        listOwnPosts(db, userId),
        listSwitches(db, userId),
        listClockOffsets(db, userId),
      ]);
      const offsetOf = (openId: string) => clocks.find((c) => c.openId === openId)?.offset ?? 0;
      return {
        accounts: await Promise.all(
          accounts.map(async (account) => ({
            open_id: account.openId,
            display_name: account.displayName,
            username: account.username,
            avatar_url: account.avatarUrl,
            switches: toSwitches(switches.find((s) => s.openId === account.openId)),
            clock_offset_hours: offsetOf(account.openId) / 3600,
            items: await Promise.all(
              posts
                .filter((p) => p.openId === account.openId)
                .map((p) => toItem(storage, p, offsetOf(account.openId))),
            ),
          })),
        ),
      };
    },
  );

  api.post(
    '/tiktok-sandbox/api/posts/:id/publish',
    {
      schema: {
        hide: true,
        summary: 'The test account posts a draft from its inbox (PUBLISH_COMPLETE with a post id)',
        params: ZPostParams,
        response: { 200: ZSandboxInboxItem, ...errors },
      },
    },
    async (request) => {
      const userId = await requireUserId(request);
      const post = await findOwnPost(db, userId, request.params.id);
      if (!post) throw notFound('No such inbox item');
      const postId = int64Id();
      const moved = await transitionPost(db, post.id, ['SEND_TO_USER_INBOX'], {
        status: 'PUBLISH_COMPLETE',
        postId,
        publishedAt: new Date(),
      });
      if (!moved) {
        // A second click (or a retry) answers what the first one did.
        if (post.status === 'PUBLISH_COMPLETE') {
          return toItem(storage, post, await readClockOffset(db, post.openId));
        }
        throw new AppError('forbidden', 'Only a draft waiting in the inbox can be posted', {
          status: 409,
        });
      }
      await jobs.announce(moved);
      await queue().send(jobs.webhookJob, {
        event: 'post.publish.publicly_available',
        userOpenId: moved.openId,
        createTime: Math.floor(Date.now() / 1000),
        content: { publish_id: moved.publishId, post_id: postId, publish_type: 'INBOX_SHARE' },
      });
      return toItem(storage, moved, await readClockOffset(db, moved.openId));
    },
  );

  api.post(
    '/tiktok-sandbox/api/posts/:id/make-private',
    {
      schema: {
        hide: true,
        summary:
          'The test account makes a posted item private: no_longer_publicaly_available is sent',
        params: ZPostParams,
        response: { 200: ZSandboxInboxItem, ...errors },
      },
    },
    async (request) => {
      const userId = await requireUserId(request);
      const post = await findOwnPost(db, userId, request.params.id);
      if (!post) throw notFound('No such inbox item');
      if (post.status !== 'PUBLISH_COMPLETE' || !post.postId) {
        throw new AppError('forbidden', 'Only a posted item can be made private', { status: 409 });
      }
      const offset = await readClockOffset(db, post.openId);
      // Already private (posted as "Only me", or made private before): nothing more to tell.
      if (!isPublic(post)) return toItem(storage, post, offset);
      const moved = await markPrivate(db, post.id);
      if (moved) {
        await queue().send(jobs.webhookJob, {
          event: 'post.publish.no_longer_publicaly_available',
          userOpenId: moved.openId,
          createTime: Math.floor(Date.now() / 1000),
          content: {
            publish_id: moved.publishId,
            post_id: moved.postId!,
            publish_type: moved.postMode === 'DIRECT_POST' ? 'DIRECT_PUBLISH' : 'INBOX_SHARE',
          },
        });
      }
      return toItem(storage, moved ?? post, offset);
    },
  );

  api.post(
    '/tiktok-sandbox/api/accounts/:openId/clock',
    {
      schema: {
        hide: true,
        summary:
          "Moves the test account's clock ahead: its posted items gain the views of that time (decision 044)",
        params: ZOpenIdParams,
        body: ZSandboxClockRequest,
        response: { 200: ZSandboxClockResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const userId = await requireUserId(request);
      const account = await ownAccount(userId, request.params.openId);
      const offset = await advanceClock(
        db,
        userId,
        account.openId,
        request.body.advance_hours * 3600,
      );
      return { clock_offset_hours: offset / 3600 };
    },
  );

  api.post(
    '/tiktok-sandbox/api/accounts/:openId/revoke',
    {
      schema: {
        hide: true,
        summary:
          'The test account removes Hookreel in its settings: tokens stop working, authorization.removed is sent',
        params: ZOpenIdParams,
        response: {
          200: z.object({ revoked: z.literal(true) }),
          401: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const userId = await requireUserId(request);
      const account = await ownAccount(userId, request.params.openId);
      await revokeSandboxAccountGrants(db, userId, account.openId);
      // Reason 1: the user disconnected the app from TikTok (the first of TikTok's deauthorization reasons).
      await queue().send(jobs.webhookJob, {
        event: 'authorization.removed',
        userOpenId: account.openId,
        createTime: Math.floor(Date.now() / 1000),
        content: { reason: 1 },
      });
      return { revoked: true as const };
    },
  );

  api.put(
    '/tiktok-sandbox/api/accounts/:openId/switches',
    {
      schema: {
        hide: true,
        summary: "Makes the test account's next calls fail the documented ways",
        params: ZOpenIdParams,
        body: ZSandboxSwitches,
        response: { 200: ZSandboxSwitches, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const userId = await requireUserId(request);
      const account = await ownAccount(userId, request.params.openId);
      const s = request.body;
      await saveSwitches(db, {
        openId: account.openId,
        ownerUserId: userId,
        rateLimited: s.rate_limited,
        pendingShareLimit: s.pending_share_limit,
        pictureSizeFails: s.picture_size_fails,
        tokenExpired: s.token_expired,
        serverError: s.server_error,
        slowPolls: s.slow_polls,
      });
      return s;
    },
  );
};
