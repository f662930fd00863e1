import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import pinoPretty from 'pino-pretty';

/** Deep enough for an error, its cause and theirs; guards against a cause that loops. */
const MAX_CAUSE_DEPTH = 5;

// Drizzle's message for a failed query: the SQL, then a line with every bound value.
const QUERY_PARAMS = /^(Failed query: [\s\S]*?\n)params: [\s\S]*$/;
const redactQueryParams = (text: string) => text.replace(QUERY_PARAMS, '$1params: [redacted]');

/**
 * Errors as pino's standard serializer writes them (type, message, stack, own fields, cause),
 * except that a failed query keeps its SQL and loses its parameters. Drizzle puts the bound
 * values into the message and a `params` field, and those are bearer tokens (the session
 * lookup), e-mail addresses and whatever text a user typed.
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

export const serializeError = (error: Error, depth = 0): SerializedError => {
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries(error).filter(([key]) => key !== 'cause'),
  );
  let { message } = error;
  let stack = error.stack ?? '';
  if (error instanceof DrizzleQueryError) {
    delete fields.params;
    message = `Failed query: ${error.query}`;
    stack = stack.replace(error.message, redactQueryParams(error.message));
  }
  const cause = (error as { cause?: unknown }).cause;
  return {
    ...fields,
    type: error.constructor.name,
    message,
    stack,
    ...(cause !== undefined && depth < MAX_CAUSE_DEPTH
      ? { cause: cause instanceof Error ? serializeError(cause, depth + 1) : cause }
      : {}),
  };
};

/**
 * Request logs carry the path only: query strings hold e-mail verification tokens, signed file
 * URLs and image capabilities (`?k=`), and headers hold bearer tokens, so neither is ever written
 * to the log. Errors are written without the values of a failed query (see serializeError).
 */
export const loggerOptions = (level: string, { pretty = false }: { pretty?: boolean } = {}) => ({
  level,
  // A person at a terminal reads one short coloured line per event; anything else (a file, a
  // log collector, CI) gets pino's JSON. Written synchronously on the main thread: the embedded
  // server logs little, and a worker-thread transport would cost start-up time and order.
  ...(pretty
    ? {
        stream: pinoPretty({
          sync: true,
          colorize: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
        }),
      }
    : {}),
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: req.url.split('?')[0],
      remoteAddress: req.ip,
    }),
    err: (error: Error) => serializeError(error),
  },
  hooks: {
    // pino takes a log line's message from the error itself when none is given (Fastify's own
    // error logging does that), so messages are cleaned here as well as in the serializer.
    logMethod(
      this: unknown,
      args: unknown[],
      method: (this: unknown, ...rest: unknown[]) => void,
    ): void {
      const [first, second] = args;
      const error = first instanceof Error ? first : null;
      const withMessage =
        error && typeof second !== 'string' ? [first, error.message, ...args.slice(1)] : args;
      method.apply(
        this,
        withMessage.map((arg) => (typeof arg === 'string' ? redactQueryParams(arg) : arg)),
      );
    },
  },
});
