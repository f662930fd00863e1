import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Far deeper than any request the web sends; drizzle's JSON.stringify overflows near 5000. */
export const MAX_INPUT_DEPTH = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

const refuse = (path: string, where: string, message: string) =>
  new AppError('validation_error', `${path || where} ${message}`, path ? { field: path } : {});

/**
 * Half an emoji (text cut between the two halves of a surrogate pair) becomes U+FFFD, which is
 * what PostgreSQL already did for text columns; jsonb refused it with a 500.
 */
const wellFormed = (text: string, path: string, where: string) => {
  if (text.includes('\u0000')) {
    throw refuse(path, where, 'contains a NUL character, which cannot be stored');
  }
  return text.replace(UNPAIRED_SURROGATE, '\uFFFD');
};

/** Checks and repairs `value` in place; returns the (possibly repaired) value. */
const clean = (value: unknown, path: string, where: string, depth: number): unknown => {
  if (typeof value === 'string') return wellFormed(value, path, where);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  if (depth > MAX_INPUT_DEPTH) {
    throw refuse(path, where, `is nested more than ${MAX_INPUT_DEPTH} levels deep`);
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const field = join(path, key);
    const goodKey = wellFormed(key, field, where);
    const item = clean(record[key], field, where, depth + 1);
    if (goodKey !== key) delete record[key];
    record[goodKey] = item;
  }
  return record;
};

/**
 * PostgreSQL refuses NUL characters in text and jsonb and unpaired surrogates in jsonb, and a
 * value nested thousands deep overflows the stack while being written; each of those used to
 * answer 500. Every request's body, query and path parameters pass through here before
 * validation: NUL and excessive depth are a 400 naming the field, half a surrogate pair is
 * replaced.
 */
export const registerStorableInput = (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      // A string or Buffer body is a raw payload (signed webhooks), never stored as it is.
      if (typeof request.body === 'object') clean(request.body, '', 'body', 1);
      clean(request.query, '', 'query', 1);
      clean(request.params, '', 'params', 1);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
};
