import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTempImageUploadResponse } from '#contract/carousel-images';
import { ZErrorResponse } from '#contract/errors';
import { multipartImagesBody, readImageUploads, skipBodyValidation } from '../uploads';
import type { TempImagesService } from './temp-images-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

export const registerTempImagesRoutes = async (
  app: FastifyInstance,
  {
    tempImages,
    authenticate,
    uploadMaxBytes,
  }: { tempImages: TempImagesService; authenticate: Authenticate; uploadMaxBytes: number },
) => {
  const uploadForm = { field: 'image', maxBytes: uploadMaxBytes, maxFiles: 1 };

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/temp-images/upload', {
      validatorCompiler: skipBodyValidation,
      schema: {
        tags: ['publishing'],
        summary:
          'Host one rendered slide for a photo post (multipart field "image"); the URL works for 2 hours',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        body: multipartImagesBody(uploadForm),
        response: {
          200: ZTempImageUploadResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
      handler: async (request) => {
        const [file] = await readImageUploads(request, uploadForm);
        // readImageUploads answers 400 when no file came, so there is always one here.
        return tempImages.upload(request.userId, file!);
      },
    });
  });
};
