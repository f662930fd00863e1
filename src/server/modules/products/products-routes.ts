import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AI_ERROR_RESPONSES } from '#contract/ai';
import { ZErrorResponse } from '#contract/errors';
import {
  PRODUCT_MAX_IMAGES,
  ZAnalyzeProductPending,
  ZAnalyzeProductRequest,
  ZAnalyzeProductResponse,
  ZCreateProductRequest,
  ZCreateProductResponse,
  ZProduct,
  ZUploadProductImagesResponse,
} from '#contract/products';
import { imageUploads, multipartImagesBody, skipBodyValidation } from '../uploads';
import type { ProductsService } from './products-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

/** Twice the cap: a user re-picking their five photos still gets the extras counted, not a 413. */
const MAX_FILES_PER_REQUEST = PRODUCT_MAX_IMAGES * 2;

const ZProductParams = z.object({ id: z.uuid('Not a product id') });

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

export const registerProductsRoutes = async (
  app: FastifyInstance,
  {
    products,
    authenticate,
    uploadMaxBytes,
  }: { products: ProductsService; authenticate: Authenticate; uploadMaxBytes: number },
) => {
  const security = [{ bearerAuth: [] }];

  const uploadForm = { field: 'images', maxBytes: uploadMaxBytes, maxFiles: MAX_FILES_PER_REQUEST };

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/products', {
      schema: {
        tags: ['products'],
        summary: "The signed-in user's products, newest first (image URLs are signed for a day)",
        security,
        response: { 200: z.array(ZProduct), 401: ZErrorResponse },
      },
      handler: (request) => products.list(request.userId),
    });

    r.get('/api/products/:id', {
      schema: {
        tags: ['products'],
        summary: 'One of the signed-in user’s products',
        security,
        params: ZProductParams,
        response: { 200: ZProduct, ...errors },
      },
      handler: (request) => products.get(request.userId, request.params.id),
    });

    r.post('/api/products', {
      schema: {
        tags: ['products'],
        summary:
          'Create a product ({ name, description }) and start its AI analysis; 402 product_limit past the plan’s limit',
        security,
        body: ZCreateProductRequest,
        response: { 200: ZCreateProductResponse, 402: ZErrorResponse, ...errors },
      },
      handler: (request) => products.create(request.userId, request.body),
    });

    r.post('/api/products/:id/upload-images', {
      validatorCompiler: skipBodyValidation,
      schema: {
        tags: ['products'],
        summary:
          'Add images (multipart, repeated field "images"; JPEG, PNG, GIF or WebP by content); at most 5 per product, extra files dropped',
        security,
        consumes: ['multipart/form-data'],
        params: ZProductParams,
        body: multipartImagesBody(uploadForm),
        response: {
          200: ZUploadProductImagesResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          ...errors,
        },
      },
      handler: async (request) => {
        const { userId } = request;
        await products.assertOwn(userId, request.params.id);
        return products.addImages(userId, request.params.id, imageUploads(request, uploadForm));
      },
    });

    r.post('/api/products/:id/analyze', {
      schema: {
        tags: ['products'],
        summary:
          'The AI brief: the stored one while it is usable, else (or with { force: true }) a new one; counts against the daily AI allowance when written. 202 without a brief while the analysis that creating the product started is still running',
        security,
        params: ZProductParams,
        body: ZAnalyzeProductRequest,
        response: {
          200: ZAnalyzeProductResponse,
          202: ZAnalyzeProductPending,
          ...errors,
          ...AI_ERROR_RESPONSES,
        },
      },
      handler: async (request, reply) => {
        const answer = await products.analyze(request.userId, request.params.id, request.body);
        return answer.aiBrief ? answer : reply.code(202).send(answer);
      },
    });
  });
};
