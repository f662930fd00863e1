import type { SwaggerTransform } from '@fastify/swagger';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '#contract/errors';
import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import type { Config } from '../config';

/** plugins/storable-input refuses NUL in every string of every request; the document says so. */
const NO_NUL_PATTERN = '^[^\\u0000]*$';

type JsonSchema = Record<string, unknown>;
const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds the no-NUL pattern to every free-text string of a request schema, in place. */
const forbidNul = (schema: unknown): void => {
  if (!isSchema(schema)) return;
  if (
    schema.type === 'string' &&
    schema.pattern === undefined &&
    schema.format === undefined &&
    schema.enum === undefined
  ) {
    schema.pattern = NO_NUL_PATTERN;
  }
  for (const key of ['items', 'additionalProperties', 'not']) forbidNul(schema[key]);
  for (const key of ['properties', 'patternProperties']) {
    const children = schema[key];
    if (isSchema(children)) Object.values(children).forEach(forbidNul);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach(forbidNul);
  }
};

/** How `z.null()` reads in OpenAPI 3.0: the routes declare bodiless answers (204, 416) so. */
const isNullOnly = (schema: unknown) =>
  isSchema(schema) &&
  Array.isArray(schema.enum) &&
  schema.enum.length === 1 &&
  schema.enum[0] === null;

type RouteInfo = { method: string | string[]; url: string; config?: unknown };

/**
 * The answers the layers every request passes through can give, whatever the route: the router
 * (`frameworkErrors`), the body parsers, strict queries and storable input (400), the session
 * check (401), the rate limits (429) and the admission gate (503). Listed here once so the
 * document names every status a route can answer (decision 076); a route's own declaration of
 * the same status wins.
 */
const GENERIC_FAILURES: {
  status: number;
  applies: (route: RouteInfo, secured: boolean) => boolean;
  description: string;
}[] = [
  {
    status: 400,
    applies: () => true,
    description:
      'Refused before anything ran: a parameter that fails its schema or is not listed, a NUL character (validation_error), an unreadable body (bad_request), a malformed %-escape in the address (bad_url)',
  },
  {
    status: 401,
    applies: (_route, secured) => secured,
    description: 'No session, or the session expired (unauthorized)',
  },
  {
    status: 413,
    applies: (route) => hasBody(route),
    description: 'The body is larger than this route takes (payload_too_large)',
  },
  {
    status: 414,
    applies: (route) => /\/:/.test(route.url),
    description: `A path parameter is longer than ${PATH_PARAM_MAX_LENGTH} characters (uri_too_long)`,
  },
  {
    status: 415,
    applies: (route) => hasBody(route),
    description: "The body's content type is not one this route reads (unsupported_media_type)",
  },
  {
    status: 429,
    applies: (route) => isSchema(route.config) && route.config.rateLimit !== undefined,
    description: 'Too many requests from this address; wait `Retry-After` seconds (rate_limited)',
  },
  {
    status: 503,
    applies: (route) => route.url.startsWith('/api/') && route.url !== '/api/health',
    description:
      'The server is overloaded: too many requests are waiting already, the database took no new connection, or a video step ran out of time (nothing was done or kept); retry after `Retry-After` seconds (server_busy)',
  },
];

/** Fastify reads a body for every method but GET and HEAD. */
const hasBody = (route: RouteInfo) =>
  [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');

/**
 * The zod schemas, plus what the server enforces outside them: the generic failures above, no
 * NUL character in any request string, and answers declared `z.null()` (204, 416) that have no
 * body at all rather than a JSON null.
 */
const transform: SwaggerTransform<Parameters<typeof jsonSchemaTransform>[0]['schema']> = (
  input,
) => {
  const declared = (input.schema.response ?? {}) as Record<string, unknown>;
  const secured = Array.isArray(input.schema.security) && input.schema.security.length > 0;
  const response: Record<string, unknown> = {};
  for (const generic of GENERIC_FAILURES) {
    if (!generic.applies(input.route as RouteInfo, secured)) continue;
    response[generic.status] = ZErrorResponse.describe(generic.description);
  }
  const result = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: { ...response, ...declared } },
  });
  const schema = result.schema as JsonSchema;
  for (const part of ['body', 'querystring', 'params', 'headers']) forbidNul(schema[part]);
  const responses = schema.response;
  if (isSchema(responses)) {
    for (const [status, response] of Object.entries(responses)) {
      if (!isNullOnly(response)) continue;
      const description = isSchema(response) ? response.description : undefined;
      responses[status] = {
        type: 'null',
        description: typeof description === 'string' ? description : 'No content',
      };
    }
  }
  return result;
};

/** OpenAPI generated from the same zod schemas the routes validate with. */
export const registerDocs = async (app: FastifyInstance, config: Config) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Hookreel API',
        version: '1.0.0',
        description:
          'The API behind the Hookreel web app. Every failure is `{ error, code }` with a code from the listed enum. No request string may contain a NUL character; routes refuse query parameters they do not list.',
      },
      servers: [{ url: config.appUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
};
