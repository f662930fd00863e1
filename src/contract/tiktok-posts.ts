import { z } from 'zod';
import { RENDER_STATUSES } from './render';

/** docs/product/publishing.md rule 3: upload title at most 150 characters. */
export const POST_TITLE_MAX = 150;
/** TikTok takes at most 35 photos per carousel (TikTok's photo post docs). */
export const PHOTO_MAX_COUNT = 35;
/** TikTok's content sharing guidelines: at most 5 pending inbox shares per account in any 24 hours. */
export const PENDING_SHARES_MAX = 5;

export const PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] as const;

/** TikTok's envelope error as the dialogs read it; `ok` is success. */
const ZEnvelopeError = z.object({ code: z.string(), message: z.string() });

/**
 * A key the dialog makes once per post it sends: repeating the init with it resumes that post
 * (same publish_id) and never sends it twice.
 */
const ZIdempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();

/** POST /api/tiktok/photo/upload/init (docs/product/publishing.md rule 7). */
export const ZPhotoInitRequest = z.object({
  title: z.string().max(POST_TITLE_MAX).default(''),
  description: z.string().max(4000).optional(),
  /** URLs from POST /api/temp-images/upload (our own hosted slides); anything else is refused. */
  photo_images: z.array(z.string().url().max(2048)).min(1).max(PHOTO_MAX_COUNT),
  photo_cover_index: z.number().int().min(0).default(0),
  post_mode: z.literal('MEDIA_UPLOAD').default('MEDIA_UPLOAD'),
  account_open_id: z.string().min(1).max(200).optional(),
  idempotency_key: ZIdempotencyKey,
  origin_draft_id: z.string().max(200).optional(),
});
export type TPhotoInitRequest = z.input<typeof ZPhotoInitRequest>;

export const ZPhotoInitResponse = z.object({
  error: ZEnvelopeError,
  data: z.object({ publish_id: z.string(), post_id: z.string() }),
});
export type TPhotoInitResponse = z.infer<typeof ZPhotoInitResponse>;

/** POST /api/tiktok/video/upload/init (docs/product/publishing.md rule 8); inbox drafts only. */
export const ZVideoInitRequest = z.object({
  title: z.string().max(POST_TITLE_MAX).default(''),
  description: z.string().max(4000).optional(),
  privacy_level: z.enum(PRIVACY_LEVELS).optional(),
  disable_comment: z.boolean().optional(),
  disable_duet: z.boolean().optional(),
  disable_stitch: z.boolean().optional(),
  auto_add_music: z.boolean().optional(),
  /** Our own stored media (a /files or /media URL) or a public http(s) URL, fetched through the SSRF guard. */
  video_url: z.string().url().max(4096),
  video_cover_timestamp_ms: z.number().int().min(0).optional(),
  content_disclosure: z.boolean().optional(),
  your_brand: z.boolean().optional(),
  branded_content: z.boolean().optional(),
  post_mode: z.literal('MEDIA_UPLOAD').default('MEDIA_UPLOAD'),
  account_open_id: z.string().min(1).max(200).optional(),
  idempotency_key: ZIdempotencyKey,
  origin_draft_id: z.string().max(200).optional(),
});
export type TVideoInitRequest = z.input<typeof ZVideoInitRequest>;

export const ZVideoInitResponse = z.object({
  error: ZEnvelopeError,
  data: z.object({ publish_id: z.string(), upload_url: z.string(), post_id: z.string() }),
});
export type TVideoInitResponse = z.infer<typeof ZVideoInitResponse>;

/** POST /api/tiktok/upload/put: the server sends the video to TikTok in its chunk rules. */
export const ZUploadPutRequest = z.object({
  upload_url: z.string().min(1).max(2048),
  proxiedUrl: z.string().max(4096).optional(),
  contentType: z.enum(['video/mp4', 'video/quicktime', 'video/webm']).default('video/mp4'),
});
/**
 * Answered at once: `uploading` stays true while the server's job is still sending the bytes, and
 * the client asks again until it is false (a failed post answers 422 with its words).
 */
export const ZUploadPutResponse = z.object({
  error: ZEnvelopeError,
  data: z.object({
    publish_id: z.string(),
    uploaded_bytes: z.number().int(),
    uploading: z.boolean(),
  }),
});
export type TUploadPutResponse = z.infer<typeof ZUploadPutResponse>;

/** docs/product/queue.md rule 3: the post's state as the queue shows it. */
export const POST_STATES = [
  'draft',
  'initialising',
  'uploading',
  'downloading',
  'in_inbox',
  'published',
  'failed',
] as const;
export type TPostState = (typeof POST_STATES)[number];

/** POST /api/tiktok/post/status. */
export const ZPostStatusRequest = z.object({ publish_id: z.string().min(1).max(128) });
export const ZPostStatusResponse = z.object({
  error: ZEnvelopeError,
  data: z.object({
    status: z.string(),
    fail_reason: z.string().nullable(),
    /** The plain-words message for a failure, with what to do next. */
    message: z.string().nullable(),
    publicaly_available_post_id: z.array(z.string()),
    share_url: z.string().nullable(),
    profile_url: z.string().nullable(),
    state: z.enum(POST_STATES),
  }),
});
export type TPostStatusResponse = z.infer<typeof ZPostStatusResponse>;

/** docs/product/queue.md rule 1: the queue's statuses. */
export const QUEUE_STATUSES = [
  'pending',
  'in_queue',
  'in_progress',
  'posting',
  'completed',
  'failed',
  'review',
] as const;
export type TQueueStatus = (typeof QUEUE_STATUSES)[number];

/** GET /api/queue: one item per post (and, later, per render) the server keeps for the user. */
export const ZQueueItem = z.object({
  id: z.string(),
  /**
   * A post sent to TikTok, or a Hook + Demo render ("product-demo", docs/product/hook-demo.md rule
   * 7).
   */
  type: z.enum(['tiktok-post', 'product-demo']),
  kind: z.enum(['photo', 'video']),
  prompt: z.string(),
  status: z.enum(QUEUE_STATUSES),
  /** A post's state, or a render's status (queued … done | failed). */
  state: z.enum([...POST_STATES, ...RENDER_STATUSES.filter((s) => s !== 'failed')]),
  progress: z.number().int().min(0).max(100),
  hint: z.string(),
  publish_id: z.string().nullable(),
  tiktok_status: z.string().nullable(),
  fail_reason: z.string().nullable(),
  share_url: z.string().nullable(),
  profile_url: z.string().nullable(),
  origin_draft_id: z.string().nullable(),
  /** A finished render's stable URL (product-demo items). */
  video_url: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TQueueItem = z.infer<typeof ZQueueItem>;
export const ZQueue = z.object({ items: z.array(ZQueueItem) });
export type TQueue = z.infer<typeof ZQueue>;
