import { randomUUID } from 'node:crypto';
import type {
  TPhotoInitRequest,
  TPostState,
  TPostStatusResponse,
  TVideoInitRequest,
} from '#contract/tiktok-posts';
import { PENDING_SHARES_MAX, ZPhotoInitRequest, ZVideoInitRequest } from '#contract/tiktok-posts';
import type { Storage } from '../../adapters/storage/storage';
import type { TikTokApi, TikTokPostStatus } from '../../adapters/tiktok/tiktok-api';
import { TikTokApiError, TikTokUploadRangeError } from '../../adapters/tiktok/tiktok-api';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { TempImagesService } from '../temp-images';
import type { UsageService } from '../usage';
import { isResendable, isUnconfirmed, PENDING_LIMIT_WORDS, plainWords } from './plain-words';
import type { PostingRulesDeps } from './posting-rules';
import { createPostingRules } from './posting-rules';
import { preparePhotos } from './photo-preflight';
import { originOfDraft } from './post-origin';
import { sendFailureKind, sendFailureReason, toAppError } from './publishing-errors';
import type { PostRow } from './publishing-repo';
import {
  claimUpload,
  deleteDraftPost,
  endUpload,
  extendUpload,
  findOwnPostByKey,
  findOwnPostByPublishId,
  findOwnPostByUploadUrl,
  findPostById,
  findPostByPublishId,
  insertDraftWithinPendingLimit,
  movePost,
  releaseClientKey,
  setNoLongerPublic,
} from './publishing-repo';
import type { PostLinks } from './queue-view';
import { profileUrl, shareUrl, statusWord, toQueueItem } from './queue-view';
import { chunkPlan, chunkRanges, readyForTikTok } from './video-preflight';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { tiktokVideoType } from '../../media/tiktok-video';

/** What publishing needs of the TikTok accounts, bound to the database by `app.ts`. */
export type PublishingAccounts = {
  withAccessToken: (
    userId: string,
    openId: string | undefined,
    options?: { forceRefresh?: boolean },
  ) => Promise<{
    openId: string;
    accessToken: string;
    displayName: string;
    username: string | null;
    scopes: readonly string[];
  }>;
  reserveTikTokCall: (openId: string, kind: 'init' | 'status' | 'creator_info') => Promise<void>;
  markAuthorizationRemoved: (openId: string) => Promise<void>;
};

export type PublishingEnqueue = {
  /** Schedules the next status check of a post (singleton per post). */
  poll: (postId: string, afterSeconds: number) => Promise<void>;
  /** Schedules the chunk upload of a video post. */
  upload: (postId: string) => Promise<void>;
};

export type PublishingDeps = {
  db: Database;
  storage: Storage;
  tiktok: TikTokApi;
  accounts: PublishingAccounts;
  usage: Pick<UsageService, 'recordUsage' | 'releaseUsage'>;
  tempImages: TempImagesService;
  enqueue: PublishingEnqueue;
  /** Who may post what: the plan, and the video's owner (decision 075). */
  rules: PostingRulesDeps;
  /** The public origin TikTok pulls slides from, and the secret their links are signed with. */
  pulledMedia: { origin: string; secret: string };
  /** Where ffmpeg is, for the one prober (src/server/media). */
  ffmpeg: FfmpegSettings;
  log: (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;
  now?: () => Date;
  /**
   * How long a video's sender holds its upload between renewals (a third of it); a dead one's is
   * free after it. UPLOAD_LEASE_MS, 30 s by default (decision 210).
   */
  uploadLeaseMs: number;
  /** Where "View Post" leads: the sandbox's inbox page when the sandbox stands in for TikTok. */
  links?: PostLinks;
};

/** Fast polling runs this long after the init; then the reconciliation schedule takes over. */
export const POLL_DEADLINE_MS = 30 * 60 * 1000;
const VIDEO_MAX_DURATION_FALLBACK_SEC = 600;
/** The chunk receiver's answers for an upload URL that expired or no longer exists. */
const UPLOAD_GONE = new Set(['upload_url_expired', 'upload_not_found']);

/** 3 s → 5 s → 10 s between status checks (docs/product/publishing.md rule 9). */
export const nextPollSeconds = (sinceInitMs: number) =>
  sinceInitMs < 15_000 ? 3 : sinceInitMs < 60_000 ? 5 : 10;

/** TikTok status → our state. */
const STATE_OF: Record<string, TPostState> = {
  PROCESSING_UPLOAD: 'uploading',
  PROCESSING_DOWNLOAD: 'downloading',
  SEND_TO_USER_INBOX: 'in_inbox',
  PUBLISH_COMPLETE: 'published',
  FAILED: 'failed',
};

/** Which states each state may be reached from: never backwards, never out of a final state. */
const REACHABLE_FROM: Record<TPostState, readonly TPostState[]> = {
  draft: [],
  initialising: ['draft'],
  uploading: ['initialising', 'uploading'],
  downloading: ['initialising', 'downloading'],
  in_inbox: ['initialising', 'uploading', 'downloading', 'in_inbox'],
  published: ['initialising', 'uploading', 'downloading', 'in_inbox', 'published'],
  failed: ['draft', 'initialising', 'uploading', 'downloading', 'in_inbox'],
};

export const isFinal = (state: TPostState) => state === 'published' || state === 'failed';

/** Token and scope refusals: only a reconnect lets Hookreel read the post again. */
const RECONNECT_CODES = new Set([
  'access_token_invalid',
  'scope_not_authorized',
  'scope_permission_missed',
]);

/**
 * Why a status check can never succeed as things stand, or null when asking again later may
 * work (TikTok busy, a limit, no answer: the product retries those). A refusal after TikTok took
 * the post ends it at once with words (decision 112), rather than leaving it "Publishing" until
 * the 72-hour give-up.
 */
export const statusRefusalReason = (error: unknown): string | null => {
  if (error instanceof AppError) {
    // The account needs a reconnect, or it was disconnected: nothing can read the post now.
    return ['tiktok_reconnect_needed', 'tiktok_not_connected', 'not_found'].includes(error.code)
      ? 'status_reconnect'
      : null;
  }
  if (sendFailureKind(error) !== 'refused') return null;
  return RECONNECT_CODES.has((error as TikTokApiError).code)
    ? 'status_reconnect'
    : 'status_refused';
};

/**
 * The usage ledger's key of a post: a carousel counts once per post (docs/product/billing.md rule
 * 3).
 */
export const postUsageKey = (postId: string) => `tiktok-post:${postId}`;

export const createPublishingService = (deps: PublishingDeps) => {
  const { db, tiktok, accounts, enqueue, log } = deps;
  const now = deps.now ?? (() => new Date());
  const rules = createPostingRules(deps.rules);

  /**
   * Ends a post as failed with its reason in plain words, and gives back the credit it took: a
   * post that did not reach the seller's inbox uses none (decision 086). Resolves to the row when
   * this call moved it (a post already final is left as it is).
   */
  const failPost = async (
    post: Pick<PostRow, 'id' | 'userId'>,
    from: readonly TPostState[],
    reason: string,
    extra: { logId?: string | null; tiktokStatus?: string } = {},
  ) => {
    const moved = await movePost(db, post.id, from, {
      state: 'failed',
      failReason: reason,
      message: plainWords(reason),
      nextCheckAt: null,
      ...extra,
    });
    if (moved) await deps.usage.releaseUsage(post.userId, postUsageKey(post.id));
    return moved;
  };

  /**
   * Applies what TikTok said (a status check or a webhook), whichever comes first; a repeat or
   * an older word changes nothing.
   */
  const applyStatus = async (
    post: PostRow,
    status: Pick<TikTokPostStatus, 'status' | 'failReason' | 'publiclyAvailablePostIds'>,
  ): Promise<PostRow> => {
    const state = STATE_OF[status.status];
    if (!state) return post;
    // A post ended without TikTok's last word may still arrive: TikTok's later word (a webhook)
    // is the truth and moves it on (decision 112). Its credit stays given back.
    const late = post.state === 'failed' && isUnconfirmed(post.failReason) && state !== 'failed';
    const moved =
      state === 'failed'
        ? await failPost(post, REACHABLE_FROM.failed, status.failReason ?? 'unknown', {
            tiktokStatus: status.status,
          })
        : await movePost(
            db,
            post.id,
            late ? [...REACHABLE_FROM[state], 'failed'] : REACHABLE_FROM[state],
            {
              state,
              tiktokStatus: status.status,
              ...(late ? { failReason: null, message: null } : {}),
            },
            status.publiclyAvailablePostIds,
          );
    if (moved && moved.state !== post.state) {
      log('info', `tiktok post ${post.id} ${post.state} → ${moved.state}`, {
        publishId: post.publishId,
        failReason: moved.failReason,
      });
    }
    return moved ?? (await findPostById(db, post.id)) ?? post;
  };

  /**
   * Resuming a post whose key was seen before: its result, never a second init. A post that
   * failed with nothing on TikTok's side gives its key up, so "send it again" with the same key
   * is a new attempt (decision 085); one TikTok may hold answers with its words.
   */
  const resume = (post: PostRow) => {
    if (post.state === 'failed' && isResendable(post.failReason)) return null;
    if (post.publishId && post.state !== 'failed') return post;
    if (post.state === 'failed') {
      throw new AppError('tiktok_error', post.message ?? plainWords(post.failReason), {
        status: 422,
      });
    }
    if (post.state === 'initialising') {
      throw new AppError(
        'tiktok_error',
        'This post is being sent to TikTok right now. Watch the queue: it shows within a few minutes whether the post arrived, and what to do if it did not.',
        { status: 409 },
      );
    }
    return null;
  };

  /** The post a key names now: a resendable failed one is set aside (its key freed). */
  const findByKey = async (userId: string, clientKey: string) => {
    const existing = await findOwnPostByKey(db, userId, clientKey);
    if (existing?.state === 'failed' && isResendable(existing.failReason)) {
      await releaseClientKey(db, existing.id, clientKey);
      return undefined;
    }
    return existing;
  };

  /**
   * The one place an init is sent. The post is claimed (draft → initialising, with the time) in
   * its own statement before the call; the publish id is written with the init's success in one
   * statement after it. A crash in between leaves `initialising` without a publish id: the
   * outcome is unknown, so the post is reconciled, never sent again (decision 027).
   */
  const sendInit = async (
    post: PostRow,
    init: () => Promise<{ publishId: string; uploadUrl?: string }>,
  ) => {
    const claimed = await movePost(db, post.id, ['draft'], {
      state: 'initialising',
      initStartedAt: now(),
      attempts: post.attempts + 1,
    });
    if (!claimed) {
      // Another request or process got here first: its outcome is this post's.
      const again = await findPostById(db, post.id);
      const done = again && resume(again);
      if (done) return done;
      throw notFound();
    }
    let result: { publishId: string; uploadUrl?: string };
    try {
      result = await init();
    } catch (error) {
      // Every failed init ends the post at once, in words that say who sends it again
      // (decision 085): the call is over, so waiting would tell nothing more.
      const kind = sendFailureKind(error);
      const reason = sendFailureReason(error, post.kind);
      const logId = error instanceof TikTokApiError ? error.logId : null;
      await failPost(post, ['initialising'], reason, { logId });
      log(kind === 'no_answer' ? 'error' : 'warn', `tiktok init failed (${kind}): ${reason}`, {
        postId: post.id,
        logId,
        ...(kind === 'no_answer' ? { err: error } : {}),
      });
      throw toAppError(error, reason);
    }
    const at = now();
    const sent = await movePost(db, post.id, ['initialising'], {
      publishId: result.publishId,
      uploadUrl: result.uploadUrl ?? null,
      state: post.kind === 'video' ? 'uploading' : 'downloading',
      tiktokStatus: post.kind === 'video' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD',
      nextCheckAt: new Date(at.getTime() + 3000),
      deadlineAt: new Date(at.getTime() + POLL_DEADLINE_MS),
    });
    // The reconciliation schedule picks the post up if this process dies before the job is sent.
    if (post.kind === 'video') await enqueue.upload(post.id);
    else await enqueue.poll(post.id, 3);
    return sent!;
  };

  const newDraft = async (
    userId: string,
    account: { openId: string; username: string | null },
    fields: {
      kind: 'photo' | 'video';
      clientKey: string;
      title: string;
      originDraftId?: string;
      media: PostRow['media'];
      id?: string;
    },
  ) => {
    const draft = await insertDraftWithinPendingLimit(
      db,
      {
        id: fields.id ?? randomUUID(),
        userId,
        openId: account.openId,
        username: account.username,
        kind: fields.kind,
        clientKey: fields.clientKey,
        originDraftId: fields.originDraftId ?? null,
        origin: await originOfDraft(db, userId, fields.originDraftId),
        title: fields.title,
        media: fields.media,
        state: 'draft',
      },
      { max: PENDING_SHARES_MAX, now: now() },
    ).catch(async (error: unknown) => {
      // A second request with the same key raced this one: resume that post instead.
      const existing = await findOwnPostByKey(db, userId, fields.clientKey);
      if (existing) return existing;
      throw error;
    });
    if (!draft) {
      throw new AppError('tiktok_pending_limit', PENDING_LIMIT_WORDS);
    }
    return draft;
  };

  /** What TikTok says of an upload: its status and how many bytes it holds (`uploaded_bytes`). */
  const uploadStatus = async (post: PostRow) => {
    await accounts.reserveTikTokCall(post.openId, 'status');
    const account = await accounts.withAccessToken(post.userId, post.openId);
    return tiktok.fetchStatus(account.accessToken, post.publishId!);
  };

  return {
    applyStatus,

    initPhoto: async (userId: string, input: TPhotoInitRequest) => {
      const body = ZPhotoInitRequest.parse(input);
      const clientKey = body.idempotency_key ?? randomUUID();
      const existing = await findByKey(userId, clientKey);
      const resumed = existing && resume(existing);
      if (resumed) return { publishId: resumed.publishId!, postId: resumed.id };
      await rules.requirePostingPlan(userId);

      const photos = await preparePhotos(
        {
          storage: deps.storage,
          tempImages: deps.tempImages,
          pulledMedia: deps.pulledMedia,
          now,
        },
        userId,
        body.photo_images,
      );
      if (body.photo_cover_index >= photos.urls.length) {
        throw new AppError('validation_error', 'The cover must be one of the slides', {
          field: 'photo_cover_index',
        });
      }
      const account = await accounts.withAccessToken(
        userId,
        existing?.openId ?? body.account_open_id,
      );
      // Before the draft exists: a spent budget refuses the send without leaving a "Pending" post.
      await accounts.reserveTikTokCall(account.openId, 'init');
      const post =
        existing ??
        (await newDraft(userId, account, {
          kind: 'photo',
          clientKey,
          title: body.title,
          originDraftId: body.origin_draft_id,
          media: { keys: photos.keys },
        }));
      // docs/product/billing.md rule 3: a carousel counts once, at its first upload attempt; the
      // key is the post.
      const usage = await deps.usage.recordUsage(userId, 'carousel', postUsageKey(post.id));
      if (!usage.allowed) {
        await deleteDraftPost(db, post.id);
        throw new AppError(
          'payment_required',
          'Your plan has no carousels left this period. Upgrade your subscription to send it.',
        );
      }
      const sent = await sendInit(post, () =>
        tiktok.initPhotoPost(account.accessToken, {
          photoUrls: photos.urls,
          photoCoverIndex: body.photo_cover_index,
          // TikTok's photo title holds 90 characters; the full text goes in the description.
          title: body.title.slice(0, 90),
          description: body.description ?? body.title,
        }),
      );
      return { publishId: sent.publishId!, postId: sent.id };
    },

    initVideo: async (userId: string, input: TVideoInitRequest) => {
      const body = ZVideoInitRequest.parse(input);
      const clientKey = body.idempotency_key ?? randomUUID();
      const existing = await findByKey(userId, clientKey);
      const resumed = existing && resume(existing);
      if (resumed) {
        return {
          publishId: resumed.publishId!,
          uploadUrl: resumed.uploadUrl ?? '',
          postId: resumed.id,
        };
      }

      await rules.requirePostingPlan(userId);
      const video = await rules.readOwnVideo(userId, body.video_url);
      const account = await accounts.withAccessToken(
        userId,
        existing?.openId ?? body.account_open_id,
      );
      // Creator info needs `video.publish`; an account granted inbox drafts only would get a 401
      // `scope_not_authorized` for asking (decision 100), so it takes TikTok's general limit and
      // TikTok checks the video again on its side.
      const maxDuration = account.scopes.includes('video.publish')
        ? await accounts.reserveTikTokCall(account.openId, 'creator_info').then(() =>
            tiktok
              .creatorInfo(account.accessToken)
              .then((info) => info.maxVideoPostDurationSec)
              .catch((error: unknown) => {
                log('warn', 'creator info unavailable for the duration check', { err: error });
                return VIDEO_MAX_DURATION_FALLBACK_SEC;
              }),
          )
        : VIDEO_MAX_DURATION_FALLBACK_SEC;
      const ready = await readyForTikTok(video, deps.ffmpeg, maxDuration);
      if (ready.convertedFrom) {
        log('info', 'video converted for TikTok', { reason: ready.convertedFrom.detail });
      }

      const id = existing?.id ?? randomUUID();
      const key = `tiktok/${userId}/${id}.mp4`;
      await deps.storage.put(key, ready.body, ready.contentType);
      await accounts.reserveTikTokCall(account.openId, 'init');
      const post =
        existing ??
        (await newDraft(userId, account, {
          id,
          kind: 'video',
          clientKey,
          title: body.title,
          originDraftId: body.origin_draft_id,
          media: { keys: [key], videoSize: ready.body.length },
        }));
      const plan = chunkPlan(ready.body.length);
      const sent = await sendInit(post, () =>
        tiktok.initInboxVideo(account.accessToken, { videoSize: ready.body.length, ...plan }),
      );
      return { publishId: sent.publishId!, uploadUrl: sent.uploadUrl ?? '', postId: sent.id };
    },

    /**
     * Sends a video's bytes to TikTok's upload URL in its chunk rules. The sender holds the post
     * with a lease it renews while it sends (decision 073), so two uploads of one post never
     * overlap, and one whose process died is taken over as soon as its lease runs out.
     */
    uploadVideo: async (postId: string) => {
      const holder = randomUUID();
      const leaseEnd = () => new Date(now().getTime() + deps.uploadLeaseMs);
      const post = await claimUpload(db, postId, { holder, until: leaseEnd(), now: now() });
      if (!post) return;
      if (post.kind !== 'video' || !post.uploadUrl || post.media.uploaded) {
        await endUpload(db, post.id, holder);
        return;
      }
      let lost = false;
      const heartbeat = setInterval(() => {
        void extendUpload(db, post.id, holder, leaseEnd())
          .then((held) => {
            if (!held) lost = true;
          })
          .catch((error: unknown) =>
            log('warn', 'upload lease not renewed', { postId, err: error }),
          );
      }, deps.uploadLeaseMs / 3);
      try {
        const stored = await deps.storage.get(post.media.keys[0]!);
        if (!stored) {
          await failPost(post, ['uploading'], 'not_sent');
          return;
        }
        // What TikTok's receiver is told the bytes are (MP4, MOV or WebM), read from the bytes.
        const contentType = await tiktokVideoType(stored.body);
        const ranges = chunkRanges(stored.body.length);
        let next = 0;
        let resyncs = 0;
        while (next < ranges.length) {
          // Another sender took over (this one stalled past its lease): it sends the rest.
          if (lost) return;
          const range = ranges[next]!;
          try {
            await tiktok.uploadChunk(
              post.uploadUrl,
              stored.body.subarray(range.first, range.last + 1),
              range,
              contentType,
            );
            next++;
          } catch (error) {
            // The upload URL lives an hour: past it nothing more can arrive under this publish
            // id, so the post ends with nothing on TikTok's side and the seller's "send it again"
            // is a new init (decision 085).
            if (error instanceof TikTokApiError && UPLOAD_GONE.has(error.code)) {
              // Unless every byte arrived and only the answer was lost: then it is done.
              const status = await uploadStatus(post);
              if (
                status.status !== 'PROCESSING_UPLOAD' ||
                status.uploadedBytes === stored.body.length
              ) {
                next = ranges.length;
                continue;
              }
              await failPost(post, ['uploading'], 'upload_url_expired', { logId: error.logId });
              return;
            }
            // TikTok keeps the chunks that arrived and answers 416 to any other range: a sender
            // before this one got some through. Go on from what TikTok holds (decision 107).
            if (!(error instanceof TikTokUploadRangeError) || ++resyncs > 3) throw error;
            const held = error.receivedBytes ?? (await uploadStatus(post)).uploadedBytes ?? 0;
            const at =
              held === stored.body.length
                ? ranges.length
                : ranges.findIndex((r) => r.first === held);
            if (at < 0) throw error;
            log('info', `tiktok upload of ${post.id} resumes at byte ${held}`, { postId });
            next = at;
          }
        }
        const done = await endUpload(db, post.id, holder, {
          media: { ...post.media, uploaded: true },
        });
        if (done) await enqueue.poll(post.id, 3);
      } finally {
        clearInterval(heartbeat);
        await endUpload(db, post.id, holder);
      }
    },

    /**
     * POST /api/tiktok/upload/put: where the upload job of the user's post stands, at once. The
     * client asks again while `uploading` holds (decision 170); a failed post is its words.
     */
    uploadPut: async (userId: string, uploadUrl: string) => {
      const post = await findOwnPostByUploadUrl(db, userId, uploadUrl);
      if (!post) throw notFound('No upload with this URL');
      if (post.state === 'failed') {
        throw new AppError('tiktok_error', post.message ?? plainWords(post.failReason), {
          status: 422,
        });
      }
      return {
        publishId: post.publishId!,
        uploadedBytes: post.media.uploaded ? (post.media.videoSize ?? 0) : 0,
        uploading: !post.media.uploaded && post.state === 'uploading',
      };
    },

    /**
     * One status check from a job: reserve the budget, ask TikTok, apply. A check TikTok refuses
     * (the connection ended, the post unknown to it) ends a post still on its way at once, in
     * words (decision 112); one already in the inbox stays there and is no longer watched.
     * Anything else that failed is thrown for the caller to try again later.
     */
    checkStatus: async (post: PostRow) => {
      await accounts.reserveTikTokCall(post.openId, 'status');
      try {
        const account = await accounts.withAccessToken(post.userId, post.openId);
        const status = await tiktok.fetchStatus(account.accessToken, post.publishId!);
        return await applyStatus(post, status);
      } catch (error) {
        const reason = statusRefusalReason(error);
        if (!reason) throw error;
        log('warn', `tiktok post ${post.id}: status check refused (${reason})`, {
          publishId: post.publishId,
          logId: error instanceof TikTokApiError ? error.logId : undefined,
        });
        const ended =
          post.state === 'in_inbox'
            ? await movePost(db, post.id, ['in_inbox'], { nextCheckAt: null })
            : await failPost(post, ['initialising', 'uploading', 'downloading'], reason);
        return ended ?? (await findPostById(db, post.id)) ?? post;
      }
    },

    /** POST /api/tiktok/post/status: the server's record, kept current by jobs and webhooks. */
    status: async (userId: string, publishId: string): Promise<TPostStatusResponse> => {
      const post = await findOwnPostByPublishId(db, userId, publishId);
      if (!post) throw notFound('No post with this publish id');
      return {
        error: { code: 'ok', message: '' },
        data: {
          status: statusWord(post),
          fail_reason: post.failReason,
          message: post.state === 'failed' ? post.message : null,
          publicaly_available_post_id: post.postIds,
          share_url: shareUrl(post, post.username, deps.links),
          profile_url: profileUrl(post.username, deps.links),
          state: post.state,
        },
      };
    },

    findPostByPublishId: (publishId: string) => findPostByPublishId(db, publishId),

    /**
     * TikTok's word that a post became, or stopped being, publicly viewable (its webhooks), at
     * the event's time; the queue says so in words (decision 108).
     */
    recordPublicness: async (post: PostRow, publicNow: boolean, at: Date) => {
      const moved = await setNoLongerPublic(db, post.id, at, !publicNow);
      if (moved) {
        log('info', `tiktok post ${post.id} ${publicNow ? 'public' : 'no longer public'}`, {
          publishId: post.publishId,
        });
      }
    },

    failPost,

    /** A post as the queue panel shows it (GET /api/queue). */
    queueItem: (post: PostRow) => toQueueItem(post, post.username, deps.links),
  };
};

export type PublishingService = ReturnType<typeof createPublishingService>;
