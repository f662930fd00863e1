import { z } from 'zod';

/**
 * docs/product/hook-demo.md rule 4: one product video per job, at most 100 MB and 30 seconds each.
 */
export const PRODUCT_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const PRODUCT_VIDEO_MAX_SECONDS = 30;
export const PRODUCT_VIDEOS_PER_JOB = 1;
/** docs/product/hook-demo.md rule 4: "My Videos" shows 8 inline and 12 per page in the dialog. */
export const MY_VIDEOS_INLINE = 8;
export const MY_VIDEOS_PER_PAGE = 12;
/**
 * docs/product/hook-demo.md rule 8 thumbnails: width at most 160, frame at min(1 s, 10% of
 * duration), JPEG 0.8.
 */
export const PRODUCT_VIDEO_THUMB_MAX_WIDTH = 160;
/** How many paths one sign request may carry. */
export const SIGN_MAX_PATHS = 50;
/**
 * The direct upload's single-use token lives this long (docs/product/hook-demo.md rule 4, after a
 * 413).
 */
export const DIRECT_UPLOAD_TTL_SECONDS = 15 * 60;

/**
 * The storage key of a stored product video: `users/{userId}/product-videos/{uuid}.mp4`
 * (normalised to the canonical format), its thumbnail beside it as `{uuid}.jpg`. Clients use only
 * paths that contain `/product-videos/` (docs/product/hook-demo.md rule 4).
 */
export const PRODUCT_VIDEO_PATH =
  /^users\/[A-Za-z0-9_-]{1,64}\/product-videos\/[0-9a-f-]{36}\.mp4$/;
export const productVideoPath = (userId: string, id: string) =>
  `users/${userId}/product-videos/${id}.mp4`;
export const productVideoThumbPath = (videoPath: string) => videoPath.replace(/\.mp4$/, '.jpg');
/**
 * The uploaded picture in its own shape, kept beside a video that is not 9:16 (decision 131):
 * `{uuid}.original.mp4`. Signed together with its video, never on its own.
 */
export const productVideoOriginalPath = (videoPath: string) =>
  videoPath.replace(/\.mp4$/, '.original.mp4');
export const isProductVideoPath = (path: string) => path.includes('/product-videos/');

const ZVideoPath = z.string().min(1).max(300);

/**
 * A stored product video (docs/product/hook-demo.md rule 4), plus what the editor needs without
 * probing the file itself.
 */
export const ZUserVideo = z.object({
  /** The name the user uploaded it under (or the URL's last segment for an import). */
  name: z.string(),
  /** The storage key (see PRODUCT_VIDEO_PATH); drafts keep this in assets.productVideos. */
  path: z.string(),
  /** A /files URL of this site, valid for an hour; it plays in <video> (ranges supported). */
  signedUrl: z.string(),
  /** A JPEG at most 160 px wide; a /files URL like signedUrl. */
  thumbnailUrl: z.string(),
  durationSec: z.number().nonnegative(),
  createdAt: z.string(),
  /**
   * The picture as uploaded (a /files URL like signedUrl), kept when it is not 9:16 so a render
   * can crop it (Fill) or fit it (Fit) instead of the blurred fill in signedUrl; null for a
   * 9:16 video and for videos stored before it was kept.
   */
  originalUrl: z.string().nullable(),
  /** The uploaded picture's size; null where originalUrl is null. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type TUserVideo = z.infer<typeof ZUserVideo>;

/** GET /api/user-videos/list?unsigned=1: the caller's product videos, newest first. */
export const ZUserVideoListQuery = z.object({
  /** Accepted for older clients; URLs are signed either way (signing is a local HMAC). */
  unsigned: z.enum(['0', '1']).optional(),
});
export const ZUserVideoListResponse = z.object({ files: z.array(ZUserVideo) });
export type TUserVideoListResponse = z.infer<typeof ZUserVideoListResponse>;

/** POST /api/user-videos/sign: only the caller's own stored paths; another path is a 404. */
export const ZSignVideosRequest = z.object({
  paths: z.array(ZVideoPath).min(1).max(SIGN_MAX_PATHS),
});
export const ZSignVideosResponse = z.object({
  signed: z.array(
    z.object({
      path: z.string(),
      signedUrl: z.string(),
      /** The kept original's URL (see ZUserVideo.originalUrl), else null. */
      originalUrl: z.string().nullable(),
    }),
  ),
});
export type TSignVideosResponse = z.infer<typeof ZSignVideosResponse>;

/**
 * POST /api/upload/videos (multipart, field `videos`, one file) and
 * POST /api/upload/videos/complete: the stored, normalised video. `urls` are the signed URLs
 * (one reading of the answer), `paths` and `files` the other reading; `error` is null on success
 * (failures are the usual `{ error, code }` envelope with a 4xx status).
 */
export const ZUploadVideosResponse = z.object({
  urls: z.array(z.string()),
  paths: z.array(z.string()),
  files: z.array(ZUserVideo),
  error: z.null(),
});
export type TUploadVideosResponse = z.infer<typeof ZUploadVideosResponse>;

/** POST /api/upload/videos/signed-url: prepares a direct upload after a 413. */
export const ZDirectUploadRequest = z.object({
  fileName: z.string().min(1).max(255),
  contentType: z.string().max(200),
});
export const ZDirectUploadResponse = z.object({
  /** Single-use, expires after DIRECT_UPLOAD_TTL_SECONDS. */
  token: z.string(),
  /** The product video path the upload becomes once completed. */
  path: z.string(),
  /** Where to PUT the raw file (bucket "user-videos"): a route of ours, or a presigned S3 URL. */
  uploadUrl: z.string(),
  /** Headers the PUT must carry (Content-Type for a presigned S3 URL). */
  uploadHeaders: z.record(z.string(), z.string()),
});
export type TDirectUploadResponse = z.infer<typeof ZDirectUploadResponse>;

/**
 * POST /api/upload/videos/complete: after the direct PUT, the server checks the content, applies
 * the size and duration limits and normalises it, exactly as an upload through the API.
 */
export const ZCompleteDirectUploadRequest = z.object({ path: ZVideoPath });

/** POST /api/videos/import: fetches a public URL (SSRF-guarded, 100 MB, time-limited) and stores it. */
export const ZImportVideoRequest = z.object({ url: z.string().min(1).max(2048) });
export const ZImportVideoResponse = z.object({
  /** The stored copy through the playback proxy (/api/video-proxy/url/{base64 url}). */
  proxiedUrl: z.string(),
  /** The stored copy's signed URL. */
  url: z.string(),
  path: z.string(),
  file: ZUserVideo,
});
export type TImportVideoResponse = z.infer<typeof ZImportVideoResponse>;
