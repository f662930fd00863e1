import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorResponse } from '#contract/errors';
import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import { databaseRefusalOf } from '../db/database-refusal';
import { AppError, serverBusy } from '../errors';

type Issue = {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] }; keys?: string[] };
};

const fieldOf = (issue: Issue | undefined): string | undefined => {
  if (!issue) return undefined;
  const fromZod = issue.params?.issue?.path?.map(String).join('.');
  if (fromZod) return fromZod;
  // An unknown key (a strict object, e.g. an unlisted query parameter) is the field at fault.
  const unknownKey = issue.params?.keys?.[0];
  const fromPath = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  // Under the object's own path, so a nested unknown key (a render clip's) is named in full.
  if (unknownKey) return fromPath ? `${fromPath}.${unknownKey}` : unknownKey;
  return fromPath || undefined;
};

/** "account.username" → "username", "photo_images.0" → "photo images", "maxDuration" → "max duration". */
const fieldWords = (field: string) => {
  const named = field.split('.').filter((part) => !/^\d+$/.test(part));
  return (named.at(-1) ?? field)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
};

/** "Check the username: use 2–24 lower-case letters, digits, dots or underscores." */
export const validationSentence = (field: string, message: string) => {
  const said = /^[A-Z][a-z]/.test(message) ? message[0]!.toLowerCase() + message.slice(1) : message;
  return `Check the ${fieldWords(field)}: ${said}${/[.!?]$/.test(said) ? '' : '.'}`;
};

/**
 * Errors Fastify raises before any route is found, so before any hook or the error handler:
 * a malformed %-escape in the path and a path parameter over the router's `maxParamLength`.
 * Passed as Fastify's `frameworkErrors` option so they answer in the same envelope, with the
 * headers `extraHeaders` gives (the security headers, which an onRequest hook sets elsewhere).
 */
export const frameworkErrors =
  (extraHeaders: Record<string, string>) =>
  (error: FastifyError, _request: unknown, reply: FastifyReply) => {
    reply.headers(extraHeaders);
    if (error.code === 'FST_ERR_BAD_URL') {
      return reply.status(400).send({
        error: 'The address is not valid: it holds a malformed %-escape.',
        code: 'bad_url',
      } satisfies TErrorResponse);
    }
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return reply.status(414).send({
        error: `A part of the address is longer than ${PATH_PARAM_MAX_LENGTH} characters.`,
        code: 'uri_too_long',
      } satisfies TErrorResponse);
    }
    reply.log.error({ err: error }, 'request failed before routing');
    return reply
      .status(500)
      .send({ error: 'Something went wrong on our side', code: 'internal_error' });
  };

/** The `{ error, code }` envelope of an expected failure, with its Retry-After when it has one. */
const sendAppError = (reply: FastifyReply, error: AppError) => {
  const body: TErrorResponse = { error: error.message, code: error.code };
  if (error.field) body.field = error.field;
  if (error.retryAfterSeconds !== undefined) {
    body.retryAfterSeconds = error.retryAfterSeconds;
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.status(error.status).send(body);
};

/** Paths that always answer JSON, never the web app. */
const API_PREFIXES = ['/api/', '/dev/', '/files/'];

/** Maps every failure to the `{ error, code }` envelope; 5xx never tell the client why. */
export const registerErrorHandler = (
  app: FastifyInstance,
  { webDir }: { webDir: string | null },
) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0] as Issue | undefined;
      const field = fieldOf(first);
      const where = error.validationContext ?? 'body';
      const message = first?.message ?? 'Invalid input';
      return reply.status(400).send({
        // A sentence for the person; the path stays in `field` for the client (issue 29).
        error: field ? validationSentence(field, message) : `Invalid ${where}: ${message}`,
        code: 'validation_error',
        ...(field ? { field } : {}),
      } satisfies TErrorResponse);
    }
    const status = error.statusCode ?? 500;
    if (
      status === 413 ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_FILES_LIMIT'
    ) {
      return reply
        .status(413)
        .send({ error: 'The upload is too large', code: 'payload_too_large' });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: 'Too many attempts. Wait a minute and try again.', code: 'rate_limited' });
    }
    if (status === 415 || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply
        .status(415)
        .send({ error: 'Unsupported content type', code: 'unsupported_media_type' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, empty body…) describe the client's mistake, never internals.
      return reply
        .status(status)
        .send({ error: error.message, code: status === 400 ? 'bad_request' : 'client_error' });
    }
    const refusal = databaseRefusalOf(error);
    if (refusal === 'refused') {
      // Overload, answered as the admission gate answers it: retry shortly. Logged, since a
      // full database is the operator's to see (its pool sizes, max_connections).
      request.log.warn({ err: error }, 'request refused: the database took no new connection');
      return sendAppError(reply, serverBusy());
    }
    if (refusal === 'pool_wait') {
      // The same answer for a read that found the pool full (decision 214), logged without the
      // error: its stack, formatted through the source maps, cost about half a millisecond of
      // CPU a refusal, thousands a minute when the process has the least to spare (decision 203,
      // its last amendment). The stack would only ever point at connection-wait.ts.
      request.log.warn('request refused: no database connection came free in time');
      return sendAppError(reply, serverBusy());
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: 'Something went wrong on our side', code: 'internal_error' });
  });

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        webDir !== null &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !API_PREFIXES.some((p) => pathname.startsWith(p) || `${pathname}/` === p);
      if (isPage) {
        // The web app owns every other path (its router shows the landing or the 404 page).
        return reply.header('cache-control', 'no-cache').sendFile('index.html', webDir);
      }
      return reply
        .status(404)
        .send({ error: `No route ${request.method} ${pathname}`, code: 'not_found' });
    },
  );
};
