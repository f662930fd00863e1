/**
 * The server as one ES module (`dist/server/main.mjs`), made by esbuild from `src/server/main.ts`
 * in about a second. `npm start`, `npm run start:worker` and every test that starts the server as
 * a process of its own run it with plain Node: importing the TypeScript sources through tsx's
 * loader cost about 8.6 CPU-s and 5 s per start on a 2-core machine, the bundle about 4 and 3
 * (decision 249). Packages stay in node_modules; only our own code is joined. It is made again at
 * every start and test run, so it is never older than the sources.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

export const SERVER_BUNDLE = path.join(ROOT, 'dist/server/main.mjs');

/**
 * A module that finds a file beside itself (the migrations folders) or resolves a package from
 * where it sits keeps its own location inside the bundle: `import.meta.url` becomes the source
 * file's URL instead of the bundle's.
 */
const ownLocation: Plugin = {
  name: 'own-location',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Writes the bundle and its source map aside and renames them in, so a start never reads half. */
export const bundleServer = async () => {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    outfile: SERVER_BUNDLE,
    write: false,
    logLevel: 'warning',
    plugins: [ownLocation],
  });
  await fs.mkdir(path.dirname(SERVER_BUNDLE), { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.partial`;
  // The map first: a start that reads the new bundle finds its map in place.
  const files = [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1));
  for (const file of files) {
    await fs.writeFile(file.path + suffix, file.contents);
    await fs.rename(file.path + suffix, file.path);
  }
  return SERVER_BUNDLE;
};
