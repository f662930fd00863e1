import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isProductVideoPath,
  PRODUCT_VIDEO_MAX_BYTES,
  PRODUCT_VIDEO_MAX_SECONDS,
  ZDirectUploadResponse,
  ZImportVideoResponse,
  ZSignVideosResponse,
  ZUploadVideosResponse,
  ZUserVideoListResponse,
} from '#contract/user-videos';
import type { TImportVideoResponse, TUserVideo } from '#contract/user-videos';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';
import { readSession } from '@/lib/session-store';

// Product videos for the Hook + Demo editor (docs/product/hook-demo.md rule 4): "My Videos", the
// upload with its 413 → direct-upload fallback, signing a stored video, importing one from a URL.

export type { TUserVideo } from '#contract/user-videos';

/** The toasts (docs/product/hook-demo.md rule 4) the editor shows around an upload. */
export const UPLOAD_TEXTS = {
  successTitle: 'Video Uploaded Successfully',
  successDescription: (n: number) => `${n} video(s) uploaded and ready for generation.`,
  failedTitle: 'Upload Failed',
  failedFallback: 'Failed to upload video',
} as const;

/**
 * docs/product/hook-demo.md rule 4, the upload chain: which step failed, or the server's own words
 * cut to 180.
 */
export const UPLOAD_CHAIN_ERRORS = {
  upload: 'Upload failed',
  prepare: 'Failed to prepare direct upload',
  direct: 'Direct upload failed',
  sign: 'Failed to sign uploaded video',
  noUrl: 'No signed URL returned',
} as const;
const SERVER_TEXT_MAX = 180;

/** The product video checks' messages (docs/product/hook-demo.md rule 4). */
export const videoFileErrors = {
  tooLarge: (fileName: string) => `File ${fileName} is too large. Maximum size is 100MB.`,
  notAVideo: (fileName: string) => `File ${fileName} is not a valid video.`,
  tooLong: (fileName: string) =>
    `Video ${fileName} is too long. Maximum duration is ${PRODUCT_VIDEO_MAX_SECONDS} seconds.`,
  unreadable: (fileName: string) => `Failed to load video ${fileName}`,
  signedOut: 'You must be logged in to upload videos',
} as const;

export class ProductVideoUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProductVideoUploadError';
  }
}

/** The server's message, else the step's own text; never longer than 180 characters. */
const chainError = (error: unknown, fallback: string) => {
  const text = error instanceof ApiError ? error.serverMessage : undefined;
  return new ProductVideoUploadError(text ? text.slice(0, SERVER_TEXT_MAX) : fallback);
};

/** docs/product/hook-demo.md rule 4: only paths under /product-videos/ are the editor's. */
const onlyProductVideos = (files: TUserVideo[]) => files.filter((f) => isProductVideoPath(f.path));

/** GET /api/user-videos/list?unsigned=1: the user's product videos, newest first. */
export const listProductVideos = async (): Promise<TUserVideo[]> =>
  onlyProductVideos(
    ZUserVideoListResponse.parse(await apiRequest<unknown>(queryPath(queryKeys.productVideos)))
      .files,
  );

export const productVideosQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: queryKeys.productVideos, queryFn: listProductVideos, enabled });

/** "My Videos" (8 inline, 12 per page in "Select a Product Video"). */
export const useProductVideos = (enabled = true) => useQuery(productVideosQueryOptions(enabled));

/** Puts a new video first in the cached "My Videos" list. */
export const addProductVideoToCache = (queryClient: QueryClient, video: TUserVideo) =>
  queryClient.setQueryData<TUserVideo[]>(queryKeys.productVideos, (old) =>
    old ? [video, ...old.filter((v) => v.path !== video.path)] : old,
  );

/** POST /api/user-videos/sign: fresh URLs for stored paths (only the user's own). */
export const signProductVideos = async (paths: readonly string[]) =>
  ZSignVideosResponse.parse(await apiRequest<unknown>('/api/user-videos/sign', { body: { paths } }))
    .signed;

/** POST /api/videos/import: stores the video at a public URL as one of the user's. */
export const importProductVideo = async (url: string): Promise<TImportVideoResponse> =>
  ZImportVideoResponse.parse(await apiRequest<unknown>('/api/videos/import', { body: { url } }));

/** Reads a file's duration through a detached <video> (the browser's own decoder). */
export const readVideoDuration = (file: Blob): Promise<number> =>
  new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = () => {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const seconds = video.duration;
      done();
      if (Number.isFinite(seconds)) resolve(seconds);
      else reject(new Error('no duration'));
    };
    video.onerror = () => {
      done();
      reject(new Error('unreadable'));
    };
    video.src = url;
  });

/**
 * docs/product/hook-demo.md rule 4 checks before anything is sent: at most 100MB, a video/* type,
 * metadata that loads, at most 30 seconds. Resolves to the message to show, or null when the file
 * may go. The server checks the same again by content.
 */
export const checkProductVideoFile = async (
  file: File,
  duration: (file: File) => Promise<number> = readVideoDuration,
): Promise<string | null> => {
  if (file.size > PRODUCT_VIDEO_MAX_BYTES) return videoFileErrors.tooLarge(file.name);
  if (!file.type.startsWith('video/')) return videoFileErrors.notAVideo(file.name);
  let seconds: number;
  try {
    seconds = await duration(file);
  } catch {
    return videoFileErrors.unreadable(file.name);
  }
  if (seconds > PRODUCT_VIDEO_MAX_SECONDS) return videoFileErrors.tooLong(file.name);
  return null;
};

const isTooLarge = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 413 || /request entity too large/i.test(error.message));

/**
 * After a 413 (a proxy in front of us may allow less than 100 MB): a single-use upload address,
 * one PUT of the raw file, the server's content check and normalisation, then the signed path.
 */
const directUpload = async (file: File, signal?: AbortSignal): Promise<TUserVideo> => {
  let prepared;
  try {
    prepared = ZDirectUploadResponse.parse(
      await apiRequest<unknown>('/api/upload/videos/signed-url', {
        body: { fileName: file.name, contentType: file.type },
        signal,
      }),
    );
  } catch (error) {
    throw chainError(error, UPLOAD_CHAIN_ERRORS.prepare);
  }
  let put: Response;
  try {
    put = await fetch(prepared.uploadUrl, {
      method: 'PUT',
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        ...prepared.uploadHeaders,
      },
      body: file,
      signal,
    });
  } catch {
    throw new ProductVideoUploadError(UPLOAD_CHAIN_ERRORS.direct);
  }
  if (!put.ok) throw new ProductVideoUploadError(UPLOAD_CHAIN_ERRORS.direct);
  let completed;
  try {
    completed = ZUploadVideosResponse.parse(
      await apiRequest<unknown>('/api/upload/videos/complete', {
        body: { path: prepared.path },
        signal,
      }),
    );
  } catch (error) {
    throw chainError(error, UPLOAD_CHAIN_ERRORS.sign);
  }
  const video = completed.files[0];
  if (!video) throw new ProductVideoUploadError(UPLOAD_CHAIN_ERRORS.sign);
  // docs/product/hook-demo.md rule 4: the chain ends by signing the path.
  let signed;
  try {
    signed = await signProductVideos([video.path]);
  } catch (error) {
    throw chainError(error, UPLOAD_CHAIN_ERRORS.sign);
  }
  const signedUrl = signed.find((s) => s.path === video.path)?.signedUrl;
  if (!signedUrl) throw new ProductVideoUploadError(UPLOAD_CHAIN_ERRORS.noUrl);
  return { ...video, signedUrl };
};

/**
 * Uploads one product video: POST /api/upload/videos (multipart `videos`), and on a 413 or
 * "request entity too large" the direct-upload chain. Throws ProductVideoUploadError with the
 * text for the step that failed (docs/product/hook-demo.md rule 4).
 */
export const uploadProductVideo = async (
  file: File,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TUserVideo> => {
  if (!readSession()) throw new ProductVideoUploadError(videoFileErrors.signedOut);
  const form = new FormData();
  form.append('videos', file, file.name);
  let answer;
  try {
    answer = ZUploadVideosResponse.parse(
      await apiRequest<unknown>('/api/upload/videos', { method: 'POST', body: form, signal }),
    );
  } catch (error) {
    if (isTooLarge(error) && file.size <= PRODUCT_VIDEO_MAX_BYTES) {
      return directUpload(file, signal);
    }
    throw chainError(error, UPLOAD_CHAIN_ERRORS.upload);
  }
  const video = answer.files[0];
  if (!video?.signedUrl) throw new ProductVideoUploadError(UPLOAD_CHAIN_ERRORS.noUrl);
  return video;
};

/** The upload as a mutation that puts the new video first in "My Videos". */
export const useUploadProductVideo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProductVideo(file),
    onSuccess: (video) => {
      addProductVideoToCache(queryClient, video);
      void queryClient.invalidateQueries({ queryKey: queryKeys.productVideos, exact: true });
    },
  });
};
