import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Every documented route refuses query parameters it does not list (400 validation_error
 * naming the parameter), so a misspelt `?limt=5` is a clear error instead of being silently
 * ignored, and the OpenAPI document's parameter list is the whole truth. Routes hidden from
 * the document (better-auth's, static files, the docs themselves) keep their own rules.
 */
export const registerStrictQuery = (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    if (schema.hide) return;
    const query: unknown = schema.querystring;
    if (query !== undefined && !(query instanceof z.ZodObject)) return;
    route.schema = {
      ...schema,
      querystring: query instanceof z.ZodObject ? query.strict() : z.strictObject({}),
    };
  });
};
