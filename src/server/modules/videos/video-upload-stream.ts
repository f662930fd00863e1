import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { PRODUCT_VIDEO_MAX_BYTES } from '#contract/user-videos';
import { AppError } from '../../errors';
import { tooLarge } from './video-intake';

// Uploads of up to 100 MB are streamed to a temporary file, never held whole in memory.

class TooLarge extends Error {}

/** Passes bytes through until more than `max` came, then fails the stream. */
const byteLimit = (max: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) callback(new TooLarge());
      else callback(null, chunk);
    },
  });
};

/**
 * Streams the first file of multipart field `videos` into `workDir`. docs/product/hook-demo.md rule
 * 4: one product video per job, so any further file is read past and dropped. 413 past 100 MB, 400
 * without one.
 */
export const receiveMultipartVideo = async (
  request: FastifyRequest,
  workDir: string,
): Promise<{ rawFile: string; name: string }> => {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the video as multipart/form-data');
  }
  let received: { rawFile: string; name: string } | null = null;
  try {
    const parts = request.files({
      limits: { fileSize: PRODUCT_VIDEO_MAX_BYTES, files: 10, fields: 20 },
    });
    for await (const part of parts) {
      if (part.fieldname !== 'videos' || received) {
        part.file.resume();
        continue;
      }
      const name = part.filename || 'video';
      const rawFile = path.join(workDir, 'upload');
      try {
        await pipeline(part.file, byteLimit(PRODUCT_VIDEO_MAX_BYTES), createWriteStream(rawFile));
      } catch (error) {
        if (error instanceof TooLarge || isFileTooLarge(error)) throw tooLarge(name);
        throw error;
      }
      if (part.file.truncated) throw tooLarge(name);
      received = { rawFile, name };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isFileTooLarge(error)) throw tooLarge('video');
    throw new AppError(
      'validation_error',
      'The upload could not be read: the form data is malformed or was cut off. Send it again.',
      { field: 'videos' },
    );
  }
  if (!received) {
    throw new AppError('validation_error', 'Attach the video in "videos"', { field: 'videos' });
  }
  return received;
};

const isFileTooLarge = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Streams a raw request body (the direct upload's PUT) into `workDir`, at most 100 MB. */
export const receiveRawVideo = async (request: FastifyRequest, workDir: string) => {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > PRODUCT_VIDEO_MAX_BYTES) {
    throw new AppError('payload_too_large', 'The file is too large. Maximum size is 100MB.');
  }
  const rawFile = path.join(workDir, 'upload');
  try {
    await pipeline(request.raw, byteLimit(PRODUCT_VIDEO_MAX_BYTES), createWriteStream(rawFile));
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new AppError('payload_too_large', 'The file is too large. Maximum size is 100MB.');
    }
    throw new AppError('bad_request', 'The upload was cut off. Send it again.');
  }
  return rawFile;
};
