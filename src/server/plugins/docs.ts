import type { SwaggerTransform } from '@fastify/swagger';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
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

/**
 * The zod schemas, plus what the server enforces outside them: no NUL character in any request
 * string, and answers declared `z.null()` (204, 416) that have no body at all rather than a
 * JSON null.
 */
const transform: SwaggerTransform<Parameters<typeof jsonSchemaTransform>[0]['schema']> = (
  input,
) => {
  const result = jsonSchemaTransform(input);
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
