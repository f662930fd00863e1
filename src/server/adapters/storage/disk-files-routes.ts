import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import { onlyParams, serveOwnMedia } from '../../media/own-media';
import { verifyDiskSignature } from './disk-storage';
import type { Storage } from './storage';

export type DiskFilesRoutesOptions = { storage: Storage; secret: string };

type FilesRequest = {
  Params: { '*': string };
  Querystring: { expires?: string | string[]; sig?: string | string[] };
};

/** What the document says about a signed file URL; the handler checks the signature itself. */
const filesSchema = {
  tags: ['files'],
  summary: 'A stored file through a signed URL from the API (expires, sig); ranges supported',
  params: z.object({ '*': z.string().max(1024) }),
  // Repeated or missing, they are a link that does not verify: 403 like any other.
  querystring: z.object({
    expires: z.union([z.string().max(20), z.array(z.string().max(20))]).optional(),
    sig: z.union([z.string().max(128), z.array(z.string().max(128))]).optional(),
  }),
  response: {
    200: {
      description: 'The file, with its own Content-Type',
      content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
    },
    206: {
      description: 'The requested byte range (Range: bytes=…)',
      content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
    },
    400: ZErrorResponse.meta({ description: 'validation_error: a malformed query' }),
    403: ZErrorResponse.meta({
      description: 'invalid_signature: the link expired or its signature does not match',
    }),
    404: ZErrorResponse.meta({ description: 'not_found: the file no longer exists' }),
    416: z
      .null()
      .meta({ description: 'The range is outside the file; Content-Range: bytes */size' }),
  },
};

const invalidSignature = { error: 'Link expired or invalid', code: 'invalid_signature' } as const;
const notFound = { error: 'File not found', code: 'not_found' } as const;

/**
 * Serves the disk driver's signed URLs. The signature is checked before the file is looked up so
 * that an unsigned request cannot learn which keys exist.
 */
export const diskFilesRoutes: FastifyPluginAsync<DiskFilesRoutesOptions> = async (
  app,
  { storage, secret },
) => {
  // Set here too so the route is whole wherever it is registered (the app sets the same).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  serveOwnMedia(
    app,
    '/files/',
    async (key, query) => {
      const [expires, ...moreExpires] = query.getAll('expires');
      const [sig, ...moreSigs] = query.getAll('sig');
      if (!expires || !sig || moreExpires.length > 0 || moreSigs.length > 0) return null;
      // The route is documented, so its query is strict (plugins/strict-query.ts).
      if (!onlyParams(query, ['expires', 'sig'])) return null;
      if (key.length > 1024 || !verifyDiskSignature(secret, key, expires, sig)) return null;
      const file = await storage.get(key);
      return file ? { body: file.body, contentType: file.contentType } : null;
    },
    { oneSegment: false },
  );
  app.get<FilesRequest>('/files/*', { schema: filesSchema }, async (request, reply) => {
    const key = request.params['*'];
    const { expires, sig } = request.query;
    if (
      typeof expires !== 'string' ||
      typeof sig !== 'string' ||
      !verifyDiskSignature(secret, key, expires, sig)
    ) {
      return reply.code(403).header('Cache-Control', 'no-store').send(invalidSignature);
    }

    const file = await storage.get(key);
    if (!file) return reply.code(404).header('Cache-Control', 'no-store').send(notFound);

    const remaining = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    reply
      .header('Content-Type', file.contentType)
      .header('Cache-Control', `private, max-age=${remaining}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      // Uploads are served from the app's own origin; should one be HTML or SVG, it must not be
      // able to run script there. Images and media still display when opened directly.
      .header(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      // Browsers (Safari above all) only play <video> from servers that answer range requests.
      .header('Accept-Ranges', 'bytes');
    return sendRange(reply, file.body, request.headers.range);
  });
};

/** Answers a single `Range: bytes=…` with 206 (or 416); anything else with the whole body. */
export const sendRange = (reply: FastifyReply, body: Buffer, rangeHeader: string | undefined) => {
  if (!rangeHeader) return reply.send(body);
  const range = parseRange(rangeHeader, body.length);
  // Multi-range and malformed headers may be answered with the whole file (RFC 9110 §14.2).
  if (range === 'ignore') return reply.send(body);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${body.length}`).send();
  }
  const [start, end] = range;
  return reply
    .code(206)
    .header('Content-Range', `bytes ${start}-${end}/${body.length}`)
    .send(body.subarray(start, end + 1));
};

const parseRange = (
  header: string,
  size: number,
): [start: number, end: number] | 'ignore' | 'unsatisfiable' => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'ignore';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'ignore';
  if (first === '') {
    // "bytes=-N": the final N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return 'ignore';
  if (start >= size) return 'unsatisfiable';
  return [start, end];
};
