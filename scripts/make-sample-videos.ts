/**
 * Renders the landing page's five examples into the sample video folder (SAMPLE_VIDEOS_DIR, else
 * .cache/sample-videos), where the server serves them at /videos/. They are Hook + Demo renders of
 * the pre-made characters, so scripts/make-starter-characters.ts runs first (as in `npm run
 * build`). The server makes missing ones by itself after its first start.
 *
 * Usage: npx tsx scripts/make-sample-videos.ts [--force] [--out <dir>]
 */
import path from 'node:path';
import { loadFfmpegSettings, sampleVideosDir, starterCharactersDir } from '../src/server/config';
import { makeSampleVideos } from '../src/server/media/sample-videos/make-sample-videos';
import { premadeCharactersPresent } from '../src/server/modules/characters';

const argv = process.argv.slice(2);
const outIndex = argv.indexOf('--out');
const outDir =
  outIndex >= 0 && argv[outIndex + 1] ? path.resolve(argv[outIndex + 1]!) : sampleVideosDir();

const charactersDir = starterCharactersDir();
if (!(await premadeCharactersPresent(charactersDir))) {
  console.error(
    `The pre-made characters are not all in ${charactersDir}: run scripts/make-starter-characters.ts first`,
  );
  process.exit(1);
}

const { made, ms } = await makeSampleVideos({
  outDir,
  charactersDir,
  ffmpeg: loadFfmpegSettings(),
  force: argv.includes('--force'),
  log: (line) => console.log(line),
});
console.log(
  made === 0
    ? `Sample videos already in ${outDir} (use --force to make them again)`
    : `Made ${made} sample video(s) into ${outDir} in ${(ms / 1000).toFixed(1)} s`,
);
