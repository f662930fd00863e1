/**
 * Makes the landing page's five sample ads into the sample video folder (SAMPLE_VIDEOS_DIR, else
 * .cache/sample-videos), where the server serves them at /videos/. The server makes missing ones
 * by itself after its first start; `npm run build` runs this so a deployed build has them.
 *
 * Usage: npx tsx scripts/make-sample-videos.ts [--force] [--out <dir>]
 */
import path from 'node:path';
import { loadFfmpegSettings, sampleVideosDir } from '../src/server/config';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-path';
import { makeSampleVideos } from '../src/server/media/sample-videos/make-sample-videos';

const argv = process.argv.slice(2);
const outIndex = argv.indexOf('--out');
const outDir =
  outIndex >= 0 && argv[outIndex + 1] ? path.resolve(argv[outIndex + 1]!) : sampleVideosDir();

const { made, ms } = await makeSampleVideos({
  outDir,
  ffmpegPath: await resolveFfmpeg(loadFfmpegSettings()),
  force: argv.includes('--force'),
  log: (line) => console.log(line),
});
console.log(
  made === 0
    ? `Sample videos already in ${outDir} (use --force to make them again)`
    : `Made ${made} sample video(s) into ${outDir} in ${(ms / 1000).toFixed(1)} s`,
);
