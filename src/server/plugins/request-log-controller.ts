import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

type Level = 'debug' | 'info';

/**
 * Fastify's per-request lines (a request's completion, a 4xx, a missing route) at a chosen level.
 * On the embedded server they go to debug, so a newcomer's terminal shows the adapter lines and
 * the URL rather than a line for every image the page loads; failures keep their error level
 * whatever the setting. One line a request, written when it ends and carrying its method and
 * path, as a web server's access log does: Fastify's own pair (an "incoming request" line
 * besides) cost a read on PostgreSQL about a tenth of its CPU (decision 258).
 */
export class RequestLogController extends LogController {
  constructor(private readonly level: Level) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log[this.level](
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else reply.log[this.level]({ res: reply, err: error }, error.message);
  }

  override routeNotFound(request: FastifyRequest) {
    // The path only, as in every request line: query strings carry tokens.
    const url = (request.raw.url ?? '').split('?')[0];
    request.log[this.level](`Route ${request.raw.method}:${url} not found`);
  }
}
