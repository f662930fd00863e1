import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import {
  ZCompleteDirectUploadRequest,
  ZDirectUploadRequest,
  ZDirectUploadResponse,
  ZImportVideoRequest,
  ZImportVideoResponse,
  ZSignVideosRequest,
  ZSignVideosResponse,
  ZUploadVideosResponse,
  ZUserVideoListQuery,
  ZUserVideoListResponse,
} from '#contract/user-videos';
import { skipBodyValidation } from '../uploads';
import { receiveMultipartVideo, receiveRawVideo } from './video-upload-stream';
import type { VideosService } from './videos-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const security = [{ bearerAuth: [] }];
const tags = ['product videos'];
const checks =
  'At most 100 MB (413 payload_too_large), a video by its content whatever its name (415 unsupported_media_type), at most 30 seconds (422 video_too_long); stored normalised to H.264/AAC 1080x1920 30 fps, fitted on black, with a JPEG thumbnail at most 160 px wide';

const multipartVideoBody = z
  .object({
    videos: z.string().meta({
      format: 'binary',
      description: `One video (further files are dropped). ${checks}`,
    }),
  })
  .nullish();

export const registerVideosRoutes = async (
  app: FastifyInstance,
  { videos, authenticate }: { videos: VideosService; authenticate: Authenticate },
) => {
  const uploadErrors = {
    400: ZErrorResponse,
    401: ZErrorResponse,
    404: ZErrorResponse,
    409: ZErrorResponse,
    413: ZErrorResponse,
    415: ZErrorResponse,
    422: ZErrorResponse,
  };

  // The disk bucket's direct upload: the token is the authorisation (single use, 15 minutes), so
  // the browser PUTs the raw file as it would to a presigned S3 URL. Its own scope takes any
  // content type as a stream instead of parsing it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.withTypeProvider<ZodTypeProvider>().put('/api/upload/videos/direct/:token', {
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: {
        tags,
        summary: 'The raw file of a direct upload (bucket "user-videos"), at most 100 MB',
        params: z.object({ token: z.string().min(20).max(100) }),
        response: {
          204: z
            .null()
            .meta({ description: 'Stored; complete it with /api/upload/videos/complete' }),
          400: ZErrorResponse,
          410: ZErrorResponse,
          413: ZErrorResponse,
        },
      },
      handler: async (request, reply) => {
        await videos.receiveDirectUpload(request.params.token, (workDir) =>
          receiveRawVideo(request, workDir),
        );
        return reply.code(204).send(null);
      },
    });
  });

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/user-videos/list', {
      schema: {
        tags,
        summary: 'The caller’s product videos, newest first, with signed and thumbnail URLs',
        security,
        querystring: ZUserVideoListQuery,
        response: { 200: ZUserVideoListResponse, 401: ZErrorResponse },
      },
      handler: (request) => videos.list(request.userId),
    });

    r.post('/api/user-videos/sign', {
      schema: {
        tags,
        summary: 'Signed URLs for stored product videos (only the caller’s own; 404 otherwise)',
        security,
        body: ZSignVideosRequest,
        response: {
          200: ZSignVideosResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
      handler: (request) => videos.sign(request.userId, request.body.paths),
    });

    r.post('/api/upload/videos', {
      validatorCompiler: skipBodyValidation,
      schema: {
        tags,
        summary: 'Upload a product video (multipart field "videos")',
        description: checks,
        security,
        consumes: ['multipart/form-data'],
        body: multipartVideoBody,
        response: { 200: ZUploadVideosResponse, ...uploadErrors },
      },
      handler: (request) =>
        videos.withWorkDir(async (workDir) => {
          const file = await receiveMultipartVideo(request, workDir);
          return videos.uploadFile(request.userId, { ...file, workDir });
        }),
    });

    r.post('/api/upload/videos/signed-url', {
      schema: {
        tags,
        summary:
          'Prepare a direct upload (after a 413): a single-use token and where to PUT the file',
        security,
        body: ZDirectUploadRequest,
        response: {
          200: ZDirectUploadResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
      handler: (request) => videos.prepareDirectUpload(request.userId, request.body),
    });

    r.post('/api/upload/videos/complete', {
      schema: {
        tags,
        summary: 'Check and normalise a direct upload into a product video',
        description: `${checks}. Completing again answers the same video; 409 before the file was put.`,
        security,
        body: ZCompleteDirectUploadRequest,
        response: { 200: ZUploadVideosResponse, ...uploadErrors },
      },
      handler: (request) => videos.completeDirectUpload(request.userId, request.body.path),
    });

    r.post('/api/videos/import', {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Import a product video from a public http(s) URL',
        description: `Public addresses only (403 otherwise), fetched within 60 s. ${checks}`,
        security,
        body: ZImportVideoRequest,
        response: {
          200: ZImportVideoResponse,
          ...uploadErrors,
          403: ZErrorResponse,
          502: ZErrorResponse,
          504: ZErrorResponse,
        },
      },
      handler: (request) => videos.importFromUrl(request.userId, request.body.url),
    });
  });
};
