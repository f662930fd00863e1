import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import {
  ZPhotoInitRequest,
  ZPhotoInitResponse,
  ZPostStatusRequest,
  ZPostStatusResponse,
  ZQueue,
  type TQueueItem,
  ZUploadPutRequest,
  ZUploadPutResponse,
  ZVideoInitRequest,
  ZVideoInitResponse,
} from '#contract/tiktok-posts';
import { notFound } from '../../errors';
import type { Database } from '../../db/client';
import { hideOwnPost, listOwnPosts } from './publishing-repo';
import type { PublishingService } from './publishing-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const failures = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  402: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
  429: ZErrorResponse,
  502: ZErrorResponse,
};

/**
 * docs/product/publishing.md rule 5 (publishing, under /api/tiktok) and the queue panel's list
 * (docs/product/publishing.md rule 1).
 */
export const registerPublishingRoutes = async (
  app: FastifyInstance,
  {
    service,
    authenticate,
    db,
    moreQueueItems,
  }: {
    service: PublishingService;
    authenticate: Authenticate;
    db: Database;
    /** Other items of the queue panel (renders), passed in by app.ts: listed and removed here too. */
    moreQueueItems?: {
      list: (userId: string) => Promise<TQueueItem[]>;
      hide: (userId: string, id: string) => Promise<boolean>;
    };
  },
) => {
  const security = [{ bearerAuth: [] }];

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/tiktok/photo/upload/init', {
      schema: {
        tags: ['publishing'],
        summary:
          "Send a carousel to the account's TikTok inbox (the same idempotency_key resumes it, never sends twice)",
        security,
        body: ZPhotoInitRequest,
        response: { 200: ZPhotoInitResponse, ...failures },
      },
      handler: async (request) => {
        const sent = await service.initPhoto(request.userId, request.body);
        return {
          error: { code: 'ok', message: '' },
          data: { publish_id: sent.publishId, post_id: sent.postId },
        };
      },
    });

    r.post('/api/tiktok/video/upload/init', {
      schema: {
        tags: ['publishing'],
        summary: "Send a video to the account's TikTok inbox (checked with ffprobe first)",
        security,
        body: ZVideoInitRequest,
        response: {
          200: ZVideoInitResponse,
          ...failures,
          403: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
      handler: async (request) => {
        const sent = await service.initVideo(request.userId, request.body);
        return {
          error: { code: 'ok', message: '' },
          data: { publish_id: sent.publishId, upload_url: sent.uploadUrl, post_id: sent.postId },
        };
      },
    });

    r.post('/api/tiktok/upload/put', {
      schema: {
        tags: ['publishing'],
        summary:
          "The server sends the video to TikTok's upload URL in its chunk rules; answers at once, with uploading true until the bytes are sent",
        security,
        body: ZUploadPutRequest,
        response: { 200: ZUploadPutResponse, ...failures },
      },
      handler: async (request) => {
        const done = await service.uploadPut(request.userId, request.body.upload_url);
        return {
          error: { code: 'ok', message: '' },
          data: {
            publish_id: done.publishId,
            uploaded_bytes: done.uploadedBytes,
            uploading: done.uploading,
          },
        };
      },
    });

    r.post('/api/tiktok/post/status', {
      schema: {
        tags: ['publishing'],
        summary: "A post's status as the server last learnt it (jobs and webhooks keep it current)",
        security,
        body: ZPostStatusRequest,
        response: { 200: ZPostStatusResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
      handler: async (request) => service.status(request.userId, request.body.publish_id),
    });

    r.get('/api/queue', {
      schema: {
        tags: ['publishing'],
        summary: "The user's queue: their posts and renders (type product-demo), newest first",
        security,
        response: { 200: ZQueue, 401: ZErrorResponse },
      },
      handler: async (request) => {
        const [posts, more] = await Promise.all([
          listOwnPosts(db, request.userId),
          moreQueueItems?.list(request.userId) ?? [],
        ]);
        const items = [...posts.map((post) => service.queueItem(post)), ...more];
        // ISO times of one format sort as strings.
        items.sort((a, b) =>
          a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0,
        );
        return { items };
      },
    });

    r.delete('/api/queue/:id', {
      schema: {
        tags: ['publishing'],
        summary: 'Remove an item from the queue panel (a post already sent stays on TikTok)',
        security,
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 204: z.null(), 401: ZErrorResponse, 404: ZErrorResponse },
      },
      handler: async (request, reply) => {
        const hidden =
          Boolean(await hideOwnPost(db, request.userId, request.params.id)) ||
          ((await moreQueueItems?.hide(request.userId, request.params.id)) ?? false);
        if (!hidden) throw notFound();
        return reply.code(204).send(null);
      },
    });
  });
};
