/**
 * Generates the five sample ads the landing page plays in its #examples section
 * (src/web/public/videos/ugc-example-{1..5}.mp4) from ffmpeg's own lavfi sources, so the
 * repository ships no binary media and no licences are involved.
 *
 * Usage: npx tsx scripts/make-sample-videos.ts [--force] [--out <dir>]
 *
 * The filter graph sticks to filters present in both Debian's ffmpeg 5.1 and the 2018 build
 * bundled with @ffmpeg-installer/ffmpeg (no xfade, no gradients source, no per-frame drawbox).
 */
import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadFfmpegSettings } from '../src/server/config';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-path';
import { SAMPLE_CLIPS } from './sample-videos/clips';
import { renderSampleClip } from './sample-videos/render-clip';

const hasContent = (file: string): boolean => {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
};

export const DEFAULT_OUT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/web/public/videos',
);

/** Renders every sample clip that is missing (or all of them with force). */
export const makeSampleVideos = async (
  options: { outDir?: string; force?: boolean; log?: (line: string) => void } = {},
): Promise<void> => {
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const log = options.log ?? ((line: string) => console.log(line));
  await mkdir(outDir, { recursive: true });
  const ffmpegPath = await resolveFfmpeg(loadFfmpegSettings());
  for (const clip of SAMPLE_CLIPS) {
    const outFile = path.join(outDir, clip.file);
    if (!options.force && hasContent(outFile)) {
      log(`${clip.file}: exists (${formatBytes(statSync(outFile).size)}), skipped`);
      continue;
    }
    const { bytes, ms } = await renderSampleClip(clip, outFile, { ffmpegPath });
    log(`${clip.file}: ${formatBytes(bytes)} in ${(ms / 1000).toFixed(1)} s`);
  }
};

const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MB`
    : `${Math.round(bytes / 1024)} kB`;

const parseArgs = (argv: string[]): { force: boolean; outDir?: string } => {
  const force = argv.includes('--force');
  const outIndex = argv.indexOf('--out');
  const outDir = outIndex >= 0 ? argv[outIndex + 1] : undefined;
  return outDir ? { force, outDir: path.resolve(outDir) } : { force };
};

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (isMain) {
  makeSampleVideos(parseArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
