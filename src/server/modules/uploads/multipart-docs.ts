import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_PIXELS } from './image-convert';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The OpenAPI description of an image upload form: `field` repeated up to `maxFiles` times.
 * Documentation only (see skipBodyValidation): imageUploads streams the files and checks their
 * count, size and content itself.
 */
export const multipartImagesBody = ({
  field,
  maxFiles,
  maxBytes,
}: {
  field: string;
  maxFiles: number;
  maxBytes: number;
}) =>
  z
    .object({
      [field]: z
        .array(z.string().meta({ format: 'binary' }))
        .min(1)
        .max(maxFiles)
        .meta({
          description: `${maxFiles === 1 ? 'One file' : `Up to ${maxFiles} files`} of at most ${megabytes(maxBytes)} each: JPEG, PNG, GIF or WebP, judged by content (415 otherwise), of at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels (413 otherwise); stored re-encoded as JPEG without metadata (EXIF, GPS)`,
        }),
    })
    .nullish();

/**
 * Validates params and query as usual but not the body: a multipart body is never parsed into
 * `request.body`, so its schema (multipartImagesBody) is there for the OpenAPI document only.
 */
export const skipBodyValidation: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? () => true
    : validatorCompiler({ ...route, schema: route.schema as z.ZodType });
