import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '#contract/errors';
import { ZAuthUser, ZUpdateProfileRequest, ZUploadImagesResponse } from '#contract/user';
import type { RequireUser } from '../auth';
import { imageUploads, multipartImagesBody, skipBodyValidation } from '../uploads';
import type { UsersService } from './users-service';

const MAX_IMAGES_PER_REQUEST = 10;
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

export const registerUsersRoutes = (
  app: FastifyInstance,
  {
    users,
    requireUser,
    uploadMaxBytes,
  }: { users: UsersService; requireUser: RequireUser; uploadMaxBytes: number },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get('/api/auth/user', {
    onRequest: requireUser,
    schema: {
      tags: ['account'],
      summary: 'The signed-in user',
      security,
      response: { 200: ZAuthUser, ...errors },
    },
    handler: (request) => users.getUser(request.userId),
  });

  r.patch('/api/user/profile', {
    onRequest: requireUser,
    schema: {
      tags: ['account'],
      summary: 'Save the avatar ({ profileImageUrl }) or the time zone ({ timezone })',
      security,
      body: ZUpdateProfileRequest,
      response: { 200: ZAuthUser, ...errors },
    },
    handler: (request) => users.updateProfile(request.userId, request.body),
  });

  const uploadForm = {
    field: 'images',
    maxBytes: uploadMaxBytes,
    maxFiles: MAX_IMAGES_PER_REQUEST,
  };
  r.post('/api/upload-images', {
    onRequest: requireUser,
    validatorCompiler: skipBodyValidation,
    schema: {
      tags: ['account'],
      summary: 'Upload images, e.g. the avatar (multipart field "images"); one URL per image',
      security,
      consumes: ['multipart/form-data'],
      body: multipartImagesBody(uploadForm),
      response: { 200: ZUploadImagesResponse, 413: ZErrorResponse, 415: ZErrorResponse, ...errors },
    },
    handler: async (request) => ({
      urls: await users.storeUploads(request.userId, imageUploads(request, uploadForm)),
    }),
  });
};
