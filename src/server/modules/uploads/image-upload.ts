import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../errors';

/** What we accept as an image, decided from the bytes, never from the name or the header. */
const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;

export type ImageFile = { buffer: Buffer; mime: string; ext: string; filename: string };

/**
 * Reads every part named `field` of a multipart request and checks each file's content.
 * Throws 413 when a file passes `maxBytes`, 415 when one is not an image, 400 when none came.
 */
export const readImageUploads = async (
  request: FastifyRequest,
  { field = 'images', maxBytes, maxFiles }: { field?: string; maxBytes: number; maxFiles: number },
): Promise<ImageFile[]> => {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the images as multipart/form-data');
  }
  const files: ImageFile[] = [];
  for await (const part of request.files({ limits: { fileSize: maxBytes, files: maxFiles } })) {
    if (part.fieldname !== field) {
      part.file.resume();
      continue;
    }
    // The multipart plugin throws on a file past the limit (or marks it truncated): either way
    // the user hears which file and what the limit is.
    const buffer = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
      throw error;
    });
    if (!buffer || part.file.truncated) {
      throw new AppError(
        'payload_too_large',
        `${part.filename || 'A file'} is larger than ${formatSize(maxBytes)}`,
        { field },
      );
    }
    const type = await fileTypeFromBuffer(buffer);
    const ext = type ? IMAGE_TYPES[type.mime] : undefined;
    if (!type || !ext) {
      throw new AppError(
        'unsupported_media_type',
        `${part.filename || 'A file'} is not a JPEG, PNG, GIF or WebP image`,
        {
          field,
        },
      );
    }
    files.push({ buffer, mime: type.mime, ext, filename: part.filename });
  }
  if (files.length === 0)
    throw new AppError('validation_error', `Attach at least one image in "${field}"`, { field });
  return files;
};

export const newUploadKey = (userId: string, folder: string, ext: string) =>
  `users/${userId}/${folder}/${randomUUID()}.${ext}`;
