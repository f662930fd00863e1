/**
 * Makes the 10 pre-made characters (a JPEG portrait and a looping clip each) into the characters
 * folder (STARTER_CHARACTERS_DIR, else .cache/starter-characters), where the server serves them
 * at /media/characters/premade/. The server makes missing ones by itself after its first start;
 * `npm run build` runs this so a deployed build has them.
 *
 * Usage: npx tsx scripts/make-starter-characters.ts [--force] [--out <dir>]
 */
import path from 'node:path';
import { loadFfmpegSettings, starterCharactersDir } from '../src/server/config';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-path';
import { makePremadeCharacters } from '../src/server/modules/characters';

const argv = process.argv.slice(2);
const outIndex = argv.indexOf('--out');
const outDir =
  outIndex >= 0 && argv[outIndex + 1] ? path.resolve(argv[outIndex + 1]!) : starterCharactersDir();

const { made, ms } = await makePremadeCharacters({
  outDir,
  ffmpegPath: await resolveFfmpeg(loadFfmpegSettings()),
  force: argv.includes('--force'),
  log: (line) => console.log(line),
});
console.log(
  made === 0
    ? `Pre-made characters already in ${outDir} (use --force to make them again)`
    : `Made ${made} pre-made character(s) into ${outDir} in ${(ms / 1000).toFixed(1)} s`,
);
