import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAROUSEL_UPLOAD_MAX_BYTES,
  CAROUSEL_UPLOAD_MAX_FILES,
  ZCarouselImageListResponse,
  ZCarouselUploadResponse,
  ZCollectionImagesResponse,
  ZListCollectionsResponse,
} from '#contract/carousel-images';
import { ZErrorResponse } from '#contract/errors';
import { registerMediaFileRoute } from '../../plugins/media-file-route';
import { imageUploads, multipartImagesBody, skipBodyValidation } from '../uploads';
import { MEDIA_PREFIX } from './carousel-image-urls';
import type { CarouselImagesService } from './carousel-images-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

export const registerCarouselImagesRoutes = async (
  app: FastifyInstance,
  { images, authenticate }: { images: CarouselImagesService; authenticate: Authenticate },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['carousel images'];

  r.get('/api/carousel-images/collections', {
    schema: {
      tags,
      summary: 'The image library’s collections in panel order, with cover and image count',
      response: { 200: ZListCollectionsResponse },
    },
    handler: () => images.listCollections(),
  });

  r.get('/api/carousel-images/collections/:key', {
    schema: {
      tags,
      summary: 'The image URLs of one collection, in order',
      params: z.object({ key: z.string().min(1).max(200) }),
      response: { 200: ZCollectionImagesResponse, 404: ZErrorResponse },
    },
    handler: (request) => images.collectionImages(request.params.key),
  });

  r.get('/api/carousel-images/list', {
    // "My Images" is for signed-in users only (docs/product/carousels.md rule 3); without a token
    // the list still answers, with no user images. A token that is sent must be valid (401
    // otherwise), so an expired session is noticed rather than silently showing an empty "My
    // Images".
    onRequest: async (request) => {
      if (request.headers.authorization) await authenticate(request);
    },
    schema: {
      tags,
      summary: 'Library images, and the caller’s own uploads (newest first) when signed in',
      security: [...security, {}],
      response: { 200: ZCarouselImageListResponse, 401: ZErrorResponse },
    },
    handler: (request) => images.list(request.headers.authorization ? request.userId : null),
  });

  const uploadForm = {
    field: 'images',
    maxBytes: CAROUSEL_UPLOAD_MAX_BYTES,
    maxFiles: CAROUSEL_UPLOAD_MAX_FILES,
  };
  registerMediaFileRoute(app, MEDIA_PREFIX, images.readMedia);

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/carousel-images/upload', {
      validatorCompiler: skipBodyValidation,
      schema: {
        tags,
        summary: 'Upload images to “My Images” (multipart field "images", up to 10 files of 10 MB)',
        security,
        consumes: ['multipart/form-data'],
        body: multipartImagesBody(uploadForm),
        response: {
          200: ZCarouselUploadResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
      handler: (request) => images.upload(request.userId, imageUploads(request, uploadForm)),
    });
  });
};
