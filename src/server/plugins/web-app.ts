import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built React app; hashed assets are cached for a year, everything else revalidates. */
export const registerWebApp = async (app: FastifyInstance, webDir: string) => {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: true,
    index: false,
    preCompressed: false,
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
      res.header(
        'cache-control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The prerendered landing page when the build made one (decision 052); the app shell otherwise.
  const home = fs.existsSync(path.join(webDir, 'landing.html')) ? 'landing.html' : 'index.html';
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile(home),
  );
};
