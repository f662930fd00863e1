import type { FastifyRequest } from 'fastify';

/**
 * Request logs carry the path only: query strings hold e-mail verification tokens and signed
 * file URLs, and headers hold bearer tokens, so neither is ever written to the log.
 */
export const loggerOptions = (level: string) => ({
  level,
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: req.url.split('?')[0],
      remoteAddress: req.ip,
    }),
  },
});
