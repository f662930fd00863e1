import { z } from 'zod';
import { TIKTOK_PHOTO_RULES, TIKTOK_VIDEO_RULES } from '../../../media/tiktok-media-rules';
import { invalidParam } from './posting-reply';
import { SandboxEnvelopeError } from './sandbox-envelope';

/** The limits of TikTok's Media Transfer Guide and photo posts, as the sandbox enforces them (decision 025). */
export const PHOTO_LIMITS = {
  maxImages: TIKTOK_PHOTO_RULES.maxImages,
  titleMax: 90,
  descriptionMax: 4000,
  imageMaxBytes: TIKTOK_PHOTO_RULES.maxBytes,
  shortSideMax: TIKTOK_PHOTO_RULES.shortSideMax,
} as const;

// TikTok does not say whether its "MB" is 10^6 or 2^20 bytes; the sandbox accepts what either
// reading allows, so a client that follows the safe plan (TikTok's Media Transfer Guide) passes both here and there.
const MB_LOW = 1_000_000;
const MIB = 1024 * 1024;
export const CHUNK_LIMITS = {
  minChunk: 5 * MB_LOW,
  maxChunk: 64 * MIB,
  maxFinalChunk: 128 * MIB,
  maxChunks: 1000,
  maxVideoBytes: TIKTOK_VIDEO_RULES.maxBytes,
} as const;

// String lengths are UTF-16 code units, which is what TikTok's "UTF-16 runes" count.
const ZPhotoInit = z.object({
  media_type: z.literal('PHOTO', { error: 'media_type must be PHOTO' }),
  post_mode: z.enum(['MEDIA_UPLOAD', 'DIRECT_POST'], {
    error: 'post_mode must be MEDIA_UPLOAD or DIRECT_POST',
  }),
  post_info: z
    .object({
      title: z
        .string()
        .max(PHOTO_LIMITS.titleMax, `title is longer than ${PHOTO_LIMITS.titleMax} characters`)
        .optional(),
      description: z
        .string()
        .max(
          PHOTO_LIMITS.descriptionMax,
          `description is longer than ${PHOTO_LIMITS.descriptionMax} characters`,
        )
        .optional(),
      privacy_level: z.string().optional(),
      disable_comment: z.boolean().optional(),
      auto_add_music: z.boolean().optional(),
      brand_content_toggle: z.boolean().optional(),
      brand_organic_toggle: z.boolean().optional(),
    })
    .optional(),
  source_info: z.object(
    {
      source: z.literal('PULL_FROM_URL', { error: 'source must be PULL_FROM_URL for photos' }),
      photo_images: z
        .array(z.string().min(1).max(2048), { error: 'photo_images must be a list of URLs' })
        .min(1, 'photo_images is empty')
        .max(PHOTO_LIMITS.maxImages, `photo_images holds more than ${PHOTO_LIMITS.maxImages}`),
      photo_cover_index: z.number({ error: 'photo_cover_index is required' }).int().min(0),
    },
    { error: 'source_info is required' },
  ),
  is_aigc: z.boolean().optional(),
});

export type PhotoInit = z.infer<typeof ZPhotoInit>;

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  const where = issue?.path.join('.');
  return `${issue?.message ?? 'The request post info is empty or incorrect'}${where ? ` (${where})` : ''}`;
};

export const parsePhotoInit = (body: unknown): PhotoInit => {
  const parsed = ZPhotoInit.safeParse(body);
  if (!parsed.success) throw invalidParam(firstIssue(parsed.error));
  const init = parsed.data;
  if (init.source_info.photo_cover_index >= init.source_info.photo_images.length) {
    throw invalidParam('photo_cover_index is not the index of one of photo_images');
  }
  return init;
};

/**
 * Whether `url` is under one of the app's verified URL properties, as TikTok's portal has them
 * (docs/decisions/105): a URL prefix (`https://host/path/`, written with its scheme) covers the
 * URLs that start with it; a domain (`host`) covers itself and its subdomains, over https.
 */
export const isVerifiedUrl = (url: URL, properties: readonly string[]) =>
  !url.username &&
  !url.password &&
  properties.some((property) =>
    property.includes('://')
      ? url.href.startsWith(property)
      : url.protocol === 'https:' &&
        (url.hostname === property || url.hostname.endsWith(`.${property}`)),
  );

/**
 * Photos are pulled only from a verified domain or URL prefix. It also keeps the sandbox from
 * being a way to make the server fetch arbitrary addresses.
 */
export const checkUrlOwnership = (urls: string[], properties: readonly string[]) => {
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalidParam('photo_images holds something that is not a URL');
    }
    if (!isVerifiedUrl(url, properties)) {
      throw new SandboxEnvelopeError(
        'url_ownership_unverified',
        `The URL ${url.origin}${url.pathname} is not under a verified domain or URL prefix of this app (${properties.join(', ')})`,
        403,
      );
    }
  }
};

const ZVideoInit = z.object({
  source_info: z.object(
    {
      source: z.enum(['FILE_UPLOAD', 'PULL_FROM_URL'], {
        error: 'source must be FILE_UPLOAD or PULL_FROM_URL',
      }),
      video_size: z.number().int().positive().optional(),
      chunk_size: z.number().int().positive().optional(),
      total_chunk_count: z.number().int().positive().optional(),
      video_url: z.string().optional(),
    },
    { error: 'source_info is required' },
  ),
});

const ZDirectVideoInfo = z.object({
  post_info: z.object(
    {
      privacy_level: z.string().optional(),
      title: z.string().max(2200, 'title is longer than 2200 characters').optional(),
    },
    { error: 'post_info is required for a direct post' },
  ),
});

/** A direct video post's `post_info` (what the sandbox uses of it). */
export const parseDirectVideoInfo = (body: unknown) => {
  const parsed = ZDirectVideoInfo.safeParse(body);
  if (!parsed.success) throw invalidParam(firstIssue(parsed.error));
  return parsed.data.post_info;
};

export type ChunkPlan = { videoSize: number; chunkSize: number; totalChunkCount: number };

export const parseVideoInit = (body: unknown): ChunkPlan => {
  const parsed = ZVideoInit.safeParse(body);
  if (!parsed.success) throw invalidParam(firstIssue(parsed.error));
  const source = parsed.data.source_info;
  if (source.source !== 'FILE_UPLOAD') {
    throw invalidParam('The sandbox receives inbox videos by FILE_UPLOAD only');
  }
  if (!source.video_size || !source.chunk_size || !source.total_chunk_count) {
    throw invalidParam('video_size, chunk_size and total_chunk_count are required for FILE_UPLOAD');
  }
  const plan = {
    videoSize: source.video_size,
    chunkSize: source.chunk_size,
    totalChunkCount: source.total_chunk_count,
  };
  checkChunkPlan(plan);
  return plan;
};

/** TikTok's Media Transfer Guide: the last chunk absorbs the remainder; counts round down. */
export const checkChunkPlan = ({ videoSize, chunkSize, totalChunkCount }: ChunkPlan) => {
  const invalid = () => invalidParam('The chunk size is invalid');
  if (videoSize > CHUNK_LIMITS.maxVideoBytes) throw invalidParam('The video is larger than 4 GB');
  if (videoSize < CHUNK_LIMITS.minChunk) {
    if (chunkSize !== videoSize || totalChunkCount !== 1) throw invalid();
    return;
  }
  if (chunkSize < CHUNK_LIMITS.minChunk || chunkSize > CHUNK_LIMITS.maxChunk) throw invalid();
  if (chunkSize > videoSize) throw invalid();
  if (totalChunkCount !== Math.floor(videoSize / chunkSize)) {
    throw invalidParam('The total chunk count is invalid');
  }
  if (totalChunkCount > CHUNK_LIMITS.maxChunks) throw invalid();
  if (videoSize > CHUNK_LIMITS.maxChunk && totalChunkCount < 2) throw invalid();
  if (finalChunkSize({ videoSize, chunkSize, totalChunkCount }) > CHUNK_LIMITS.maxFinalChunk) {
    throw invalid();
  }
};

export const finalChunkSize = ({ videoSize, chunkSize, totalChunkCount }: ChunkPlan) =>
  videoSize - (totalChunkCount - 1) * chunkSize;

/** The byte range the next chunk must cover, given how many bytes have arrived in order. */
export const expectedChunk = (plan: ChunkPlan, receivedBytes: number) => {
  const index = Math.floor(receivedBytes / plan.chunkSize);
  const last = index >= plan.totalChunkCount - 1;
  const first = receivedBytes;
  const size = last ? plan.videoSize - first : plan.chunkSize;
  return { first, last: first + size - 1, isFinal: last };
};

const RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

export const parseContentRange = (header: string | undefined) => {
  const match = header ? RANGE.exec(header.trim()) : null;
  if (!match) return null;
  const [first, last, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (![first, last, total].every(Number.isSafeInteger) || last < first) return null;
  return { first, last, total };
};
