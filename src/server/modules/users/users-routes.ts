import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '#contract/errors';
import { ZAuthUser, ZUpdateProfileRequest, ZUploadImagesResponse } from '#contract/user';
import { imageUploads, multipartImagesBody, skipBodyValidation } from '../uploads';
import type { UsersService } from './users-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const MAX_IMAGES_PER_REQUEST = 10;
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

export const registerUsersRoutes = async (
  app: FastifyInstance,
  {
    users,
    authenticate,
    uploadMaxBytes,
  }: { users: UsersService; authenticate: Authenticate; uploadMaxBytes: number },
) => {
  const security = [{ bearerAuth: [] }];

  const uploadForm = {
    field: 'images',
    maxBytes: uploadMaxBytes,
    maxFiles: MAX_IMAGES_PER_REQUEST,
  };

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/auth/user', {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        security,
        response: { 200: ZAuthUser, ...errors },
      },
      handler: (request) => users.getUser(request.userId),
    });

    r.patch('/api/user/profile', {
      schema: {
        tags: ['account'],
        summary: 'Save the avatar ({ profileImageUrl }) or the time zone ({ timezone })',
        security,
        body: ZUpdateProfileRequest,
        response: { 200: ZAuthUser, ...errors },
      },
      handler: (request) => users.updateProfile(request.userId, request.body),
    });

    r.post('/api/upload-images', {
      validatorCompiler: skipBodyValidation,
      schema: {
        tags: ['account'],
        summary: 'Upload images, e.g. the avatar (multipart field "images"); one URL per image',
        security,
        consumes: ['multipart/form-data'],
        body: multipartImagesBody(uploadForm),
        response: {
          200: ZUploadImagesResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          ...errors,
        },
      },
      handler: async (request) => ({
        urls: await users.storeUploads(request.userId, imageUploads(request, uploadForm)),
      }),
    });
  });
};
