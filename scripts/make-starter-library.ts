/**
 * Draws the starter image library (docs/ARCHITECTURE.md, "Image library") into a folder of
 * collection folders, the shape
 * `npm run library:import` reads. The server does this by itself at first start; run it by hand
 * to look at the images or to refresh the cache after changing a painter.
 *
 * Usage: npm run library:starter -- [--out <dir>] [--force] [--count <n>] [--size <px>]
 * Default folder: STARTER_LIBRARY_DIR, else .cache/starter-library.
 */
import { loadConfig } from '../src/server/config';
import { generateStarterLibrary } from '../src/server/library/starter/generate-starter-library';

const argv = process.argv.slice(2);
const valueOf = (flag: string) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
};
const positiveInt = (flag: string) => {
  const raw = valueOf(flag);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${flag} needs a positive whole number`);
    process.exit(1);
  }
  return n;
};

const outDir = valueOf('--out') ?? loadConfig().starterLibrary.dir;
const result = await generateStarterLibrary({
  outDir,
  force: argv.includes('--force'),
  imagesPerCollection: positiveInt('--count'),
  size: positiveInt('--size'),
});
console.log(
  result.skipped
    ? `Starter library already in ${result.outDir} (use --force to draw it again)`
    : `Drew ${result.images} starter images into ${result.outDir} in ${(result.ms / 1000).toFixed(1)} s`,
);
