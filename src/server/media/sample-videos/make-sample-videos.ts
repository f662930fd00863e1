import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { SAMPLE_CLIPS } from './clips';
import { renderSampleClip } from './render-clip';

/**
 * The five sample ads the landing page plays in its #examples section, made from ffmpeg's own
 * lavfi sources, so the repository ships no binary media and no licences are involved. This is
 * the one place samples are made: the start-up job (library/starter-assets.ts) and
 * `npm run build` (scripts/make-sample-videos.ts) both call it.
 */

const hasContent = (file: string): boolean => {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
};

/** The sample files, as the landing page asks for them (`/videos/<file>`). */
export const SAMPLE_VIDEO_FILES: readonly string[] = SAMPLE_CLIPS.map((clip) => clip.file);

/** Whether every sample is in the folder (a few stat calls: cheap enough for every start). */
export const sampleVideosPresent = (outDir: string): boolean =>
  SAMPLE_VIDEO_FILES.every((file) => hasContent(path.join(outDir, file)));

/** Renders every sample clip that is missing (or all of them with force). */
export const makeSampleVideos = async (options: {
  outDir: string;
  ffmpegPath: string;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<{ made: number; ms: number }> => {
  const started = performance.now();
  const log = options.log ?? (() => {});
  await mkdir(options.outDir, { recursive: true });
  let made = 0;
  for (const clip of SAMPLE_CLIPS) {
    const outFile = path.join(options.outDir, clip.file);
    if (!options.force && hasContent(outFile)) continue;
    const { bytes, ms } = await renderSampleClip(clip, outFile, {
      ffmpegPath: options.ffmpegPath,
    });
    made++;
    log(`${clip.file}: ${formatBytes(bytes)} in ${(ms / 1000).toFixed(1)} s`);
  }
  return { made, ms: performance.now() - started };
};

const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MB`
    : `${Math.round(bytes / 1024)} kB`;
