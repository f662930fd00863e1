/**
 * After `vite build`: renders the landing page to static HTML and writes `dist/web/landing.html`,
 * which the server answers for "/" (decision 052). The page references one small boot script;
 * the app itself (React, the router, the query client) loads on the first click or at once for a
 * signed-in visitor. `index.html` stays the app's shell for every other route.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { createServer } from 'vite';
import { composeLandingHtml } from './landing-html';

// The build to complete: dist/web, or the folder given (the first-start bench builds elsewhere).
const webDir = path.resolve(process.argv[2] ?? 'dist/web');

const bundleBootScript = async (): Promise<string> => {
  const result = await esbuild({
    entryPoints: ['src/web/app/prerender/landing-boot.ts'],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  const name = `assets/landing-boot-${hash}.js`;
  fs.writeFileSync(path.join(webDir, name), code);
  return `/${name}`;
};

const renderBody = async (): Promise<string> => {
  const vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    // Nothing is served to a browser: skip the client's dependency scan.
    optimizeDeps: { noDiscovery: true, include: [] },
    logLevel: 'warn',
  });
  try {
    const entry = (await vite.ssrLoadModule('/app/prerender/landing-static.tsx')) as {
      renderLandingHtml: () => string;
    };
    return entry.renderLandingHtml();
  } finally {
    await vite.close();
  }
};

const main = async () => {
  const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const [body, bootUrl] = await Promise.all([renderBody(), bundleBootScript()]);
  fs.writeFileSync(path.join(webDir, 'landing.html'), composeLandingHtml(indexHtml, body, bootUrl));
};

await main();
