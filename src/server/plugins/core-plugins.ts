import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import type { Config } from '../config';
import { registerAdmissionGate } from './admission-gate';
import { registerReadWaitBound } from './read-wait-bound';
import { registerDocs } from './docs';
import { frameworkErrors, registerErrorHandler } from './error-handler';
import { loggerOptions } from './logger-options';
import { registerOwnHostOnly } from './own-host-only';
import { RequestLogController } from './request-log-controller';
import { createOwnMedia } from '../media/own-media';
import { registerSecurityHeaders, securityHeaders } from './security-headers';
import { registerStorableInput } from './storable-input';
import { registerStrictQuery } from './strict-query';

/**
 * What every route runs behind, mounted before any module: security headers, development aids
 * answered under the server's own name only, rate limits, the bounded API queue, multipart
 * uploads, the OpenAPI document and one error handler.
 */
export const registerCorePlugins = async (
  app: FastifyInstance,
  config: Config,
  {
    ownHostPaths,
    rateLimitStore,
    admissionExempt,
    webDir,
  }: {
    ownHostPaths: string[];
    rateLimitStore: NonNullable<Parameters<typeof rateLimit>[1]['store']>;
    /** API paths the queue does not count (they wait on outside hosts, not the database). */
    admissionExempt: (request: FastifyRequest) => boolean;
    webDir: string | null;
  },
) => {
  registerSecurityHeaders(app, config);
  registerOwnHostOnly(app, { appUrl: config.appUrl, prefixes: ownHostPaths });
  await app.register(rateLimit, { global: false, store: rateLimitStore });
  const queued = (request: FastifyRequest) =>
    request.url.startsWith('/api/') && request.url !== '/api/health' && !admissionExempt(request);
  registerAdmissionGate(app, {
    maxInFlight: config.limits.apiMaxInFlight,
    maxQueued: config.limits.apiMaxQueued,
    maxWaitMs: config.limits.apiMaxWaitMs,
    applies: queued,
  });
  if (config.database.kind === 'postgres') {
    registerReadWaitBound(app, { maxWaitMs: config.limits.apiMaxWaitMs, applies: queued });
  }
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 20 },
  });
  await registerDocs(app, config);
  registerErrorHandler(app, { webDir });
};

/** The Fastify instance with the server-wide settings every route relies on. */
export const createServer = (config: Config, logger?: boolean | object) => {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    logController: new RequestLogController(config.database.kind === 'pglite' ? 'debug' : 'info'),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
    frameworkErrors: frameworkErrors(securityHeaders(config)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: media routes add their readers to it (decision 162).
  app.decorate('ownMedia', createOwnMedia());
  registerStorableInput(app);
  registerStrictQuery(app);
  return app;
};
