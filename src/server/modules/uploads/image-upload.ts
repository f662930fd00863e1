import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../errors';
import { declaredSize, IMAGE_MAX_PIXELS } from './image-convert';

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export type ImageFile = {
  buffer: Buffer;
  mime: string;
  ext: string;
  filename: string;
  /** The multipart field it came in, named by errors about it. */
  field: string;
};

type UploadOptions = { field?: string; maxBytes: number; maxFiles: number };

/**
 * What the multipart parser throws for a body that is not well-formed multipart (no boundary,
 * cut off, broken part headers) or a client that went away: the client's mistake, never a 500.
 * The plugin's own limit errors carry a code and an HTTP status the error handler maps.
 */
const toUploadError = (error: unknown, { field, maxFiles }: Required<UploadOptions>) => {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new AppError('payload_too_large', `Send at most ${plural(maxFiles, 'file')} at a time`, {
      field,
    });
  }
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError(
    'validation_error',
    'The upload could not be read: the form data is malformed or was cut off. Send it again.',
    { field },
  );
};

/**
 * Yields every file of a multipart request sent in `field`, each checked by its content, one at
 * a time: a caller that converts each file before asking for the next holds one raw upload in
 * memory, not ten. Throws 413 when a file passes `maxBytes` or more than `maxFiles` files come,
 * 415 when one is not an image, 400 when the body is malformed or when no file came.
 */
export async function* imageUploads(
  request: FastifyRequest,
  { field = 'images', maxBytes, maxFiles }: UploadOptions,
): AsyncGenerator<ImageFile> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the images as multipart/form-data');
  }
  const options = { field, maxBytes, maxFiles };
  let count = 0;
  let parts;
  try {
    parts = request.files({ limits: { fileSize: maxBytes, files: maxFiles } });
  } catch (error) {
    throw toUploadError(error, options);
  }
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let next;
    try {
      next = await iterator.next();
    } catch (error) {
      throw toUploadError(error, options);
    }
    if (next.done) break;
    const part = next.value;
    if (part.fieldname !== field) {
      part.file.resume();
      continue;
    }
    // The multipart plugin throws on a file past the limit (or marks it truncated): either way
    // the user hears which file and what the limit is.
    const buffer = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
      throw toUploadError(error, options);
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
        { field },
      );
    }
    count++;
    yield { buffer, mime: type.mime, ext, filename: part.filename, field };
  }
  if (count === 0) {
    throw new AppError('validation_error', `Attach at least one image in "${field}"`, { field });
  }
}

/** Every file of `imageUploads`, read into memory together (for small, single-file uploads). */
export const readImageUploads = async (
  request: FastifyRequest,
  options: UploadOptions,
): Promise<ImageFile[]> => {
  const files: ImageFile[] = [];
  for await (const file of imageUploads(request, options)) files.push(file);
  return files;
};

/**
 * Decodes an upload with `convert`. Sniffing proves the header, not the body: a truncated or
 * corrupt file is the user's mistake, answered 415 naming it. One whose header declares more
 * than IMAGE_MAX_PIXELS (a decompression bomb is a few KB on disk) is answered 413 before any
 * pixel is decoded.
 */
export const decodeUpload = async <T>(
  file: ImageFile,
  convert: (buffer: Buffer) => Promise<T>,
): Promise<T> => {
  const name = file.filename || 'A file';
  const unreadable = () =>
    new AppError('unsupported_media_type', `${name} could not be read as an image`, {
      field: file.field,
    });
  const { width, height } = await declaredSize(file.buffer).catch(() => {
    throw unreadable();
  });
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new AppError(
      'payload_too_large',
      `${name} is ${width}×${height} pixels; images may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
      { field: file.field },
    );
  }
  try {
    return await convert(file.buffer);
  } catch {
    throw unreadable();
  }
};

export const newUploadKey = (userId: string, folder: string, ext: string) =>
  `users/${userId}/${folder}/${randomUUID()}.${ext}`;
