import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readFolderFile, serveOwnMedia } from '../media/own-media';
import { SAMPLE_VIDEO_FILES } from '../media/sample-videos/make-sample-videos';

const RETRY_AFTER_SECONDS = 10;

const isFile = async (file: string) => {
  try {
    return (await fs.stat(file)).size > 0;
  } catch {
    return false;
  }
};

/**
 * `/videos/<file>`: the landing page's sample ads, from the folder the start-up job fills. Until
 * one is made the answer is a 404 with Retry-After rather than the web app's index.html (what
 * @fastify/static would fall back to), and the page says the videos are being prepared.
 * Uses registerWebApp's `sendFile` (ranges, ETag).
 */
export const registerSampleVideoRoutes = (app: FastifyInstance, dir: string) => {
  serveOwnMedia(app, '/videos/', async (file) =>
    SAMPLE_VIDEO_FILES.includes(file) ? readFolderFile(dir, file) : null,
  );
  app.get<{ Params: { file: string } }>(
    '/videos/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!SAMPLE_VIDEO_FILES.includes(file)) {
        return reply.status(404).send({ error: 'No such sample video', code: 'not_found' });
      }
      if (!(await isFile(path.join(dir, file)))) {
        return reply
          .status(404)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .send({ error: 'This sample video is being prepared', code: 'not_found' });
      }
      return reply.header('cache-control', 'no-cache').sendFile(file, dir);
    },
  );
};
