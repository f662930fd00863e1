import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import { ZCreateProductRequest, ZProduct } from '#contract/products';
import type { RequireUser } from '../auth/require-user';
import type { ProductsService } from './products-service';

export const registerProductsRoutes = (
  app: FastifyInstance,
  { products, requireUser }: { products: ProductsService; requireUser: RequireUser },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get('/api/products', {
    onRequest: requireUser,
    schema: {
      tags: ['products'],
      summary: "The signed-in user's products, newest first",
      security,
      response: { 200: z.array(ZProduct), 401: ZErrorResponse },
    },
    handler: (request) => products.list(request.userId),
  });

  r.post('/api/products', {
    onRequest: requireUser,
    schema: {
      tags: ['products'],
      summary: 'Create a product ({ name, description }); 402 product_limit past the plan’s limit',
      security,
      body: ZCreateProductRequest,
      response: {
        200: z.object({ id: z.string() }),
        400: ZErrorResponse,
        401: ZErrorResponse,
        402: ZErrorResponse,
      },
    },
    handler: (request) => products.create(request.userId, request.body),
  });
};
