import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import type { tiktokSandboxPosts } from './sandbox-schema';
import type { JobQueue } from '../../../jobs/queue';
import type { Storage } from '../../storage/storage';
import type { PostingJobs } from './posting-jobs';
import { findSandboxAccount } from './sandbox-accounts-repo';
import { int64Id } from './sandbox-ids';
import {
  advanceUpload,
  findPost,
  findPostByPublishId,
  insertPostWithinPendingLimit,
  isPublic,
  readSwitches,
  takeSlowPoll,
} from './posting-repo';
import type { SandboxPost, SandboxSwitches } from './posting-repo';
import { invalidParam, sendRawEnvelope } from './posting-reply';
import type { SandboxCaller } from './sandbox-auth';
import { authenticateSandboxToken } from './sandbox-auth';
import {
  SandboxEnvelopeError,
  accessTokenInvalid,
  scopeNotAuthorized,
  sendEnvelope,
  sendEnvelopeError,
} from './sandbox-envelope';
import type { SandboxCallKind } from './sandbox-rate-limit';
import { takeSandboxCall } from './sandbox-rate-limit';
import {
  CHUNK_LIMITS,
  checkUrlOwnership,
  expectedChunk,
  parseContentRange,
  parseDirectVideoInfo,
  parsePhotoInit,
  parseVideoInit,
} from './posting-rules';

export type PostingRoutesOptions = {
  db: Database;
  storage: Storage;
  jobs: PostingJobs;
  queue: PostingQueue;
  /** `{APP_URL}/tiktok-sandbox`: upload URLs are handed out on it. */
  sandboxOrigin: string;
  /** The app's verified URL properties (TikTok's portal): photo URLs must be under one. */
  verifiedPrefixes: readonly string[];
};
type PostingQueue = () => Pick<JobQueue, 'send'>;

export const MAX_PENDING_SHARES = 5;
const UPLOAD_URL_TTL_MS = 3600_000;
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/** The chunk receiver's 400 (TikTok's `invalid_file_upload`). */
const invalidUpload = (message: string) =>
  new SandboxEnvelopeError('invalid_file_upload', message, 400);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const refused = {
  serverError: () =>
    new SandboxEnvelopeError(
      'internal_error',
      'Something went wrong. Please try again later.',
      500,
    ),
  rateLimited: () =>
    new SandboxEnvelopeError(
      'rate_limit_exceeded',
      'The API rate limit was exceeded. Please try again later.',
      429,
      60,
    ),
  pending: () =>
    new SandboxEnvelopeError(
      'spam_risk_too_many_pending_share',
      'The user has reached the limit of pending shares: at most 5 pending shares within any 24-hour period.',
      403,
    ),
};

/** The account's failure switches, in the order TikTok would hit them on a bearer call. */
const checkCall = async (
  db: Database,
  caller: SandboxCaller,
  kind: SandboxCallKind,
): Promise<SandboxSwitches | null> => {
  const switches = await readSwitches(db, caller.openId);
  if (switches?.tokenExpired) throw accessTokenInvalid();
  if (switches?.serverError) throw refused.serverError();
  if (switches?.rateLimited) throw refused.rateLimited();
  await takeSandboxCall(db, caller.tokenHash, kind);
  return switches;
};

const requireScope = (caller: SandboxCaller, ...anyOf: string[]) => {
  if (!anyOf.some((scope) => caller.scopes.includes(scope)))
    throw scopeNotAuthorized(anyOf.join(' or '));
};

/** Fastify's own failures (bad JSON, wrong content type, too large) still answer TikTok's envelope. */
const envelopeErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof SandboxEnvelopeError) return sendEnvelopeError(reply, error);
  const status = error.statusCode ?? 500;
  if (status === 413)
    return sendEnvelopeError(reply, invalidParam('The request body is too large'));
  if (status >= 400 && status < 500) return sendEnvelopeError(reply, invalidParam(error.message));
  request.log.error({ err: error }, 'tiktok sandbox request failed');
  return sendEnvelopeError(reply, refused.serverError());
};

export const postingRoutes: FastifyPluginAsync<PostingRoutesOptions> = async (app, options) => {
  const { db, storage, jobs, queue } = options;
  app.setErrorHandler(envelopeErrors);
  app.addContentTypeParser(
    VIDEO_TYPES,
    { parseAs: 'buffer', bodyLimit: CHUNK_LIMITS.maxFinalChunk },
    (_request, body, done) => done(null, body),
  );

  const newPost = async (row: Omit<typeof tiktokSandboxPosts.$inferInsert, 'id'>) => {
    const id = randomUUID();
    const inserted = await insertPostWithinPendingLimit(db, { id, ...row }, MAX_PENDING_SHARES);
    if (!inserted) throw refused.pending();
    return id;
  };

  app.post(
    '/tiktok-sandbox/v2/post/publish/content/init/',
    { schema: { hide: true } },
    async (request, reply) => {
      const caller = await authenticateSandboxToken(db, request.headers.authorization);
      const switches = await checkCall(db, caller, 'init');
      const init = parsePhotoInit(request.body);
      const direct = init.post_mode === 'DIRECT_POST';
      if (direct) {
        requireScope(caller, 'video.publish');
        await checkUnauditedDirectPost(db, caller, init.post_info?.privacy_level);
      } else {
        requireScope(caller, 'video.upload');
      }
      checkUrlOwnership(init.source_info.photo_images, options.verifiedPrefixes);
      if (switches?.pendingShareLimit && !direct) throw refused.pending();
      const publishId = `${direct ? 'p_pub_url' : 'p_inbox_url'}~v2.${int64Id()}`;
      const id = await newPost({
        postMode: init.post_mode,
        privacyLevel: init.post_info?.privacy_level ?? null,
        publishId,
        ownerUserId: caller.ownerUserId,
        openId: caller.openId,
        kind: 'photo',
        status: 'PROCESSING_DOWNLOAD',
        title: init.post_info?.title ?? null,
        description: init.post_info?.description ?? null,
        photoUrls: init.source_info.photo_images,
        photoCoverIndex: init.source_info.photo_cover_index,
        slowPollsLeft: switches?.slowPolls ?? 0,
      });
      await queue().send(jobs.pullPhotosJob, { postId: id });
      return sendEnvelope(reply, { publish_id: publishId });
    },
  );

  /** Inbox (`video.upload`) and direct (`video.publish`, unaudited: private only) video inits. */
  const videoInit = (direct: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await authenticateSandboxToken(db, request.headers.authorization);
    const switches = await checkCall(db, caller, 'init');
    const plan = parseVideoInit(request.body);
    const postInfo = direct ? parseDirectVideoInfo(request.body) : null;
    if (postInfo) {
      requireScope(caller, 'video.publish');
      await checkUnauditedDirectPost(db, caller, postInfo.privacy_level);
    } else {
      requireScope(caller, 'video.upload');
      if (switches?.pendingShareLimit) throw refused.pending();
    }
    const publishId = `${direct ? 'v_pub_file' : 'v_inbox_file'}~v2.${int64Id()}`;
    const token = randomBytes(24).toString('base64url');
    const id = await newPost({
      publishId,
      ownerUserId: caller.ownerUserId,
      openId: caller.openId,
      kind: 'video',
      status: 'PROCESSING_UPLOAD',
      postMode: direct ? 'DIRECT_POST' : 'MEDIA_UPLOAD',
      privacyLevel: postInfo?.privacy_level ?? null,
      title: postInfo?.title ?? null,
      videoSize: plan.videoSize,
      chunkSize: plan.chunkSize,
      totalChunkCount: plan.totalChunkCount,
      uploadTokenHash: sha256(token),
      uploadExpiresAt: new Date(Date.now() + UPLOAD_URL_TTL_MS),
      slowPollsLeft: switches?.slowPolls ?? 0,
    });
    const uploadUrl = `${options.sandboxOrigin}/video/?upload_id=${id}&upload_token=${token}`;
    return sendEnvelope(reply, { publish_id: publishId, upload_url: uploadUrl });
  };
  app.post(
    '/tiktok-sandbox/v2/post/publish/inbox/video/init/',
    { schema: { hide: true } },
    videoInit(false),
  );
  app.post(
    '/tiktok-sandbox/v2/post/publish/video/init/',
    { schema: { hide: true } },
    videoInit(true),
  );

  app.put<{ Querystring: { upload_id?: string; upload_token?: string } }>(
    '/tiktok-sandbox/video/',
    { schema: { hide: true }, bodyLimit: CHUNK_LIMITS.maxFinalChunk },
    async (request, reply) => {
      const post = await findUploadTask(db, request.query.upload_id, request.query.upload_token);
      if (!post || post.status !== 'PROCESSING_UPLOAD' || post.receivedBytes === post.videoSize) {
        throw new SandboxEnvelopeError('upload_not_found', 'No upload task for this URL.', 404);
      }
      if (!post.uploadExpiresAt || post.uploadExpiresAt.getTime() < Date.now()) {
        throw new SandboxEnvelopeError('upload_url_expired', 'The upload URL has expired.', 403);
      }
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
      if (!VIDEO_TYPES.includes(contentType)) {
        throw invalidUpload('Content-Type must be video/mp4, video/quicktime or video/webm');
      }
      const range = parseContentRange(request.headers['content-range']);
      const plan = {
        videoSize: post.videoSize ?? 0,
        chunkSize: post.chunkSize ?? 0,
        totalChunkCount: post.totalChunkCount ?? 0,
      };
      if (!range || range.total !== plan.videoSize) {
        throw invalidUpload(`Content-Range must be "bytes first-last/${plan.videoSize}"`);
      }
      const progress = (received: number) =>
        reply.header(
          'content-range',
          received > 0 ? `bytes 0-${received - 1}/${plan.videoSize}` : `bytes */${plan.videoSize}`,
        );
      const expected = expectedChunk(plan, post.receivedBytes);
      if (range.first !== expected.first) {
        progress(post.receivedBytes);
        throw new SandboxEnvelopeError(
          'content_range_mismatch',
          `Chunks are uploaded in order: the next one starts at byte ${expected.first}`,
          416,
        );
      }
      if (range.last !== expected.last) {
        throw invalidUpload(`This chunk must cover bytes ${expected.first}-${expected.last}`);
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length !== range.last - range.first + 1) {
        throw invalidUpload('The body length does not match Content-Range');
      }
      const index = Math.floor(range.first / plan.chunkSize);
      const key = `tiktok-sandbox/${post.id}/chunk-${String(index).padStart(4, '0')}`;
      await storage.put(key, body, contentType);
      const received = range.last + 1;
      if (!(await advanceUpload(db, post.id, post.receivedBytes, received, key))) {
        progress((await findPost(db, post.id))?.receivedBytes ?? 0);
        throw new SandboxEnvelopeError(
          'content_range_mismatch',
          'Another chunk arrived first',
          416,
        );
      }
      progress(received);
      if (received < plan.videoSize) return reply.status(206).send();
      await queue().send(jobs.checkVideoJob, { postId: post.id });
      return reply.status(201).send();
    },
  );

  app.post(
    '/tiktok-sandbox/v2/post/publish/status/fetch/',
    { schema: { hide: true } },
    async (request, reply) => {
      const caller = await authenticateSandboxToken(db, request.headers.authorization);
      await checkCall(db, caller, 'status');
      const publishId = (request.body as { publish_id?: unknown } | undefined)?.publish_id;
      if (typeof publishId !== 'string' || publishId.length === 0 || publishId.length > 64) {
        throw invalidParam('publish_id is required');
      }
      requireScope(caller, 'video.upload', 'video.publish');
      const post = await findPostByPublishId(db, publishId);
      if (!post)
        throw new SandboxEnvelopeError('invalid_publish_id', 'The publish_id does not exist.', 400);
      if (post.openId !== caller.openId) {
        throw new SandboxEnvelopeError(
          'token_not_authorized_for_specified_publish_id',
          'The access token is not authorized for this publish_id.',
          400,
        );
      }
      return sendRawEnvelope(reply, statusJson(post, await takeSlowPoll(db, post.id)));
    },
  );
};

const PRIVATE_ACCOUNT_PRIVACY = ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
const PUBLIC_ACCOUNT_PRIVACY = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];

/**
 * The sandbox's client is unaudited, as every app is until TikTok audits it: a direct post is
 * taken only as a private one (`SELF_ONLY`) to an account that is private itself; anything else
 * is refused as TikTok refuses it (docs/decisions/109).
 */
const checkUnauditedDirectPost = async (
  db: Database,
  caller: SandboxCaller,
  privacyLevel: string | undefined,
) => {
  const account = await findSandboxAccount(db, caller.ownerUserId, caller.openId);
  const options = account?.privateAccount ? PRIVATE_ACCOUNT_PRIVACY : PUBLIC_ACCOUNT_PRIVACY;
  if (!privacyLevel || !options.includes(privacyLevel)) {
    throw new SandboxEnvelopeError(
      'privacy_level_option_mismatch',
      'privacy_level must be one of the privacy_level_options of creator_info',
      403,
    );
  }
  if (!account?.privateAccount || privacyLevel !== 'SELF_ONLY') {
    throw new SandboxEnvelopeError(
      'unaudited_client_can_only_post_to_private_accounts',
      'Unaudited clients can only post to private accounts, with privacy_level SELF_ONLY.',
      403,
    );
  }
};

const findUploadTask = async (db: Database, id: string | undefined, token: string | undefined) => {
  if (!id || !token || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const post = await findPost(db, id);
  if (!post?.uploadTokenHash) return null;
  const given = Buffer.from(sha256(token));
  const stored = Buffer.from(post.uploadTokenHash);
  return given.length === stored.length && timingSafeEqual(given, stored) ? post : null;
};

/** The status answer, written by hand so the post id stays an exact int64 number. */
export const statusJson = (post: SandboxPost, holdProcessing: boolean) => {
  const processing = post.kind === 'photo' ? 'PROCESSING_DOWNLOAD' : 'PROCESSING_UPLOAD';
  const status = holdProcessing ? processing : post.status;
  const fields: string[] = [
    `"status":${JSON.stringify(status)}`,
    `"fail_reason":${JSON.stringify(status === 'FAILED' ? post.failReason : '')}`,
    `"publicaly_available_post_id":[${status === 'PUBLISH_COMPLETE' && post.postId && /^\d+$/.test(post.postId) && isPublic(post) ? post.postId : ''}]`,
  ];
  if (post.kind === 'video') {
    fields.push(`"uploaded_bytes":${post.receivedBytes}`);
  } else {
    const done = status !== 'PROCESSING_DOWNLOAD';
    fields.push(`"downloaded_bytes":${done ? post.receivedBytes : 0}`);
  }
  return `{${fields.join(',')}}`;
};
