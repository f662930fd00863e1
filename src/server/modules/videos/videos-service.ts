import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DIRECT_UPLOAD_TTL_SECONDS,
  PRODUCT_VIDEO_MAX_BYTES,
  PRODUCT_VIDEO_PATH,
  productVideoOriginalPath,
  productVideoPath,
  productVideoThumbPath,
} from '#contract/user-videos';
import type {
  TDirectUploadResponse,
  TImportVideoResponse,
  TSignVideosResponse,
  TUploadVideosResponse,
  TUserVideo,
} from '#contract/user-videos';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { makeWorkDir } from '../../media/work-dirs';
import type { LocalHostAllowance } from '../../net/safe-fetch';
import { safeFetch } from '../../net/safe-fetch';
import { intakeVideoFile, notAVideo, tooLarge } from './video-intake';
import type { ProductVideoRow } from './videos-repo';
import {
  claimDirectUpload,
  findOwnDirectUpload,
  findOwnProductVideos,
  insertDirectUpload,
  insertProductVideo,
  listOwnProductVideos,
  setDirectUploadStatus,
} from './videos-repo';
import { takingTurns } from '../../taking-turns';

/** Converting is CPU-heavy; more at once per process only makes every one of them slower. */
const MAX_CONCURRENT_INTAKES = 2;
const IMPORT_TIMEOUT_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Names end up in the UI and in error messages: one plain line, never a path. */
export const cleanName = (raw: string, fallback = 'video.mp4') => {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const plain = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return plain || fallback;
};

const stagingKey = (userId: string, id: string) => `users/${userId}/video-uploads/${id}`;

export type VideosServiceDeps = {
  db: Database;
  storage: Storage;
  /** Where ffmpeg is (config's FFMPEG_PATH, PATH, then npm). */
  ffmpegSettings: FfmpegSettings;
  appUrl: string;
  /** Tests only: a local server counted as public; production refuses every special address. */
  importAllowLocal?: LocalHostAllowance;
  now?: () => Date;
};

/** Signs a stored product video of the user's own; another user's path is refused as not found. */
export const signProductVideo = async (
  storage: Storage,
  userId: string,
  videoPath: string,
): Promise<string> => {
  if (!PRODUCT_VIDEO_PATH.test(videoPath) || !videoPath.startsWith(`users/${userId}/`)) {
    throw new AppError('not_found', 'No such video');
  }
  return storage.signedUrl(videoPath);
};

/**
 * The kept original of a stored product video of the user's own (decision 131), signed; null
 * when the video is 9:16 or older than kept originals. Another user's path is not found.
 */
export const signProductVideoOriginal = async (
  db: Database,
  storage: Storage,
  userId: string,
  videoPath: string,
): Promise<string | null> => {
  const [row] = await findOwnProductVideos(db, userId, [videoPath]);
  if (!row) throw new AppError('not_found', 'No such video');
  return row.originalWidth && row.originalHeight
    ? storage.signedUrl(productVideoOriginalPath(row.path))
    : null;
};

/** For other modules: the user's product videos for other modules (campaigns), newest first. */
export const listProductVideos = async (db: Database, userId: string) =>
  (await listOwnProductVideos(db, userId)).map((row) => ({
    path: row.path,
    name: row.name,
    durationSec: row.durationMs / 1000,
    createdAt: row.createdAt.toISOString(),
  }));

export const createVideosService = (deps: VideosServiceDeps) => {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());
  const limit = takingTurns(MAX_CONCURRENT_INTAKES);

  const originalUrl = (row: ProductVideoRow) =>
    row.originalWidth && row.originalHeight
      ? storage.signedUrl(productVideoOriginalPath(row.path))
      : Promise.resolve(null);

  const toUserVideo = async (row: ProductVideoRow): Promise<TUserVideo> => ({
    name: row.name,
    path: row.path,
    signedUrl: await storage.signedUrl(row.path),
    thumbnailUrl: await storage.signedUrl(productVideoThumbPath(row.path)),
    durationSec: row.durationMs / 1000,
    createdAt: row.createdAt.toISOString(),
    originalUrl: await originalUrl(row),
    width: row.originalWidth ?? null,
    height: row.originalHeight ?? null,
  });

  const uploadAnswer = (file: TUserVideo): TUploadVideosResponse => ({
    urls: [file.signedUrl],
    paths: [file.path],
    files: [file],
    error: null,
  });

  /** Runs the intake on a raw file in `workDir` and records the video; the caller cleans up. */
  const store = async (input: {
    userId: string;
    id: string;
    name: string;
    rawFile: string;
    workDir: string;
    source: 'upload' | 'direct' | 'import';
  }): Promise<TUserVideo> => {
    const videoPath = productVideoPath(input.userId, input.id);
    const { durationMs, sizeBytes, original } = await limit(async () =>
      intakeVideoFile({
        ffmpegSettings: deps.ffmpegSettings,
        storage,
        rawFile: input.rawFile,
        workDir: input.workDir,
        name: input.name,
        videoKey: videoPath,
      }),
    );
    try {
      await insertProductVideo(db, {
        id: input.id,
        userId: input.userId,
        path: videoPath,
        name: input.name,
        durationMs,
        sizeBytes,
        source: input.source,
        originalWidth: original?.width ?? null,
        originalHeight: original?.height ?? null,
        createdAt: now(),
      });
    } catch (error) {
      await storage.delete(videoPath).catch(() => undefined);
      await storage.delete(productVideoThumbPath(videoPath)).catch(() => undefined);
      await storage.delete(productVideoOriginalPath(videoPath)).catch(() => undefined);
      throw error;
    }
    const [row] = await findOwnProductVideos(db, input.userId, [videoPath]);
    if (!row) throw new Error(`product video ${videoPath} was not recorded`);
    return toUserVideo(row);
  };

  const withWorkDir = async <T>(work: (dir: string) => Promise<T>): Promise<T> => {
    const dir = await makeWorkDir('video');
    try {
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return {
    list: async (userId: string) => ({
      files: await Promise.all((await listOwnProductVideos(db, userId)).map(toUserVideo)),
    }),

    sign: async (userId: string, paths: string[]): Promise<TSignVideosResponse> => {
      const unique = [...new Set(paths)];
      const rows = new Map(
        (await findOwnProductVideos(db, userId, unique)).map((row) => [row.path, row]),
      );
      const foreign = unique.find((p) => !rows.has(p));
      // Another user's path and a path that does not exist are told apart by nobody.
      if (foreign !== undefined) {
        throw new AppError('not_found', 'One of these videos does not exist', { field: 'paths' });
      }
      return {
        signed: await Promise.all(
          unique.map(async (p) => ({
            path: p,
            signedUrl: await signProductVideo(storage, userId, p),
            originalUrl: await originalUrl(rows.get(p)!),
          })),
        ),
      };
    },

    /**
     * A multipart upload the route streamed to `rawFile` (inside `workDir`, which the route
     * removes): checked, normalised, stored.
     */
    uploadFile: async (
      userId: string,
      file: { rawFile: string; workDir: string; name: string },
    ): Promise<TUploadVideosResponse> =>
      uploadAnswer(
        await store({
          userId,
          id: randomUUID(),
          name: cleanName(file.name),
          rawFile: file.rawFile,
          workDir: file.workDir,
          source: 'upload',
        }),
      ),

    withWorkDir,

    /** After a 413: a single-use token for one PUT of the raw file to the "user-videos" bucket. */
    prepareDirectUpload: async (
      userId: string,
      { fileName, contentType }: { fileName: string; contentType: string },
    ): Promise<TDirectUploadResponse> => {
      // A declared type is only a hint (the content decides at completion), but a file the
      // browser itself calls something else than a video is refused at once.
      if (contentType && !contentType.startsWith('video/')) {
        throw notAVideo(cleanName(fileName));
      }
      const id = randomUUID();
      const token = randomBytes(32).toString('base64url');
      const key = stagingKey(userId, id);
      await insertDirectUpload(db, {
        id,
        userId,
        tokenHash: hashToken(token),
        fileName: cleanName(fileName),
        stagingKey: key,
        expiresAt: new Date(now().getTime() + DIRECT_UPLOAD_TTL_SECONDS * 1000),
        createdAt: now(),
      });
      const type = contentType || 'application/octet-stream';
      const presigned = await storage.presignedPut?.(key, type, DIRECT_UPLOAD_TTL_SECONDS);
      return {
        token,
        path: productVideoPath(userId, id),
        uploadUrl: presigned ?? `${deps.appUrl}/api/upload/videos/direct/${token}`,
        uploadHeaders: presigned ? { 'Content-Type': type } : {},
      };
    },

    /**
     * The disk bucket's PUT: claims the token (single use), then `receive` streams the body to a
     * file of at most 100 MB, which is kept under the staging key until completion.
     */
    receiveDirectUpload: async (
      token: string,
      receive: (workDir: string) => Promise<string>,
    ): Promise<void> => {
      const upload = await claimDirectUpload(db, hashToken(token), now());
      if (!upload) {
        throw new AppError('link_expired', 'This upload link expired or was already used');
      }
      try {
        await withWorkDir(async (dir) => {
          const file = await receive(dir);
          await storage.put(upload.stagingKey, await readFile(file), 'application/octet-stream');
        });
        await setDirectUploadStatus(db, upload.id, 'uploaded');
      } catch (error) {
        // A failed or refused body leaves the token usable again until it expires.
        await setDirectUploadStatus(db, upload.id, 'pending');
        throw error instanceof AppError && error.code === 'payload_too_large'
          ? tooLarge(upload.fileName)
          : error;
      }
    },

    /**
     * Turns a direct upload into a product video: the same checks and normalisation as an upload
     * through the API. Completing twice answers the same video.
     */
    completeDirectUpload: async (userId: string, videoPath: string) => {
      const match = PRODUCT_VIDEO_PATH.exec(videoPath);
      const id = match ? videoPath.slice(videoPath.lastIndexOf('/') + 1, -'.mp4'.length) : null;
      const upload = id ? await findOwnDirectUpload(db, userId, id) : undefined;
      if (!upload || productVideoPath(userId, upload.id) !== videoPath) {
        throw new AppError('not_found', 'No direct upload for this path', { field: 'path' });
      }
      if (upload.status === 'completed') {
        const [row] = await findOwnProductVideos(db, userId, [videoPath]);
        if (row) return uploadAnswer(await toUserVideo(row));
      }
      const staged = await storage.get(upload.stagingKey);
      if (!staged) {
        throw new AppError('bad_request', 'The file has not been uploaded yet', {
          status: 409,
          field: 'path',
        });
      }
      if (staged.body.length > PRODUCT_VIDEO_MAX_BYTES) {
        await storage.delete(upload.stagingKey);
        throw tooLarge(upload.fileName);
      }
      const file = await withWorkDir(async (dir) => {
        const rawFile = path.join(dir, 'upload');
        await writeFile(rawFile, staged.body);
        return store({
          userId,
          id: upload.id,
          name: upload.fileName,
          rawFile,
          workDir: dir,
          source: 'direct',
        });
      }).catch(async (error: unknown) => {
        // A file refused for what it is will not pass later either: drop it, and let the token
        // take another file while it lasts.
        if (error instanceof AppError) {
          await storage.delete(upload.stagingKey);
          await setDirectUploadStatus(db, upload.id, 'pending');
        }
        throw error;
      });
      await setDirectUploadStatus(db, upload.id, 'completed');
      await storage.delete(upload.stagingKey);
      return uploadAnswer(file);
    },

    /**
     * Fetches a public video URL (SSRF-guarded at connect time, 100 MB, 60 s) and stores it as a
     * product video like an upload.
     */
    importFromUrl: async (userId: string, url: string): Promise<TImportVideoResponse> => {
      const fetched = await safeFetch(url, {
        maxBytes: PRODUCT_VIDEO_MAX_BYTES,
        timeoutMs: IMPORT_TIMEOUT_MS,
        // Many hosts serve video as octet-stream; the content decides below either way.
        accept: ['video/', 'application/octet-stream', 'binary/octet-stream'],
        allowLocal: deps.importAllowLocal,
      });
      if (fetched.status !== 200) {
        throw new AppError('bad_request', `The address answered HTTP ${fetched.status}`, {
          status: 422,
          field: 'url',
        });
      }
      const name = cleanName(
        decodeURIComponentSafe(new URL(url).pathname.split('/').pop() ?? ''),
        'imported-video.mp4',
      );
      const file = await withWorkDir(async (dir) => {
        const rawFile = path.join(dir, 'import');
        await writeFile(rawFile, fetched.body);
        return store({ userId, id: randomUUID(), name, rawFile, workDir: dir, source: 'import' });
      });
      return {
        proxiedUrl: `${deps.appUrl}/api/video-proxy/url/${Buffer.from(file.signedUrl).toString('base64url')}`,
        url: file.signedUrl,
        path: file.path,
        file,
      };
    },
  };
};

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export type VideosService = ReturnType<typeof createVideosService>;
