import { readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SAMPLE_CLIPS } from './clips';
import type { FfmpegSettings } from '../ffmpeg-path';
import { renderExample } from './render-example';

/**
 * The five examples the landing page plays in its #examples section: real Hook + Demo renders of
 * a pre-made character saying a hook, then a product card clip (decision 053). Everything is made
 * here from the project's own sources, so the repository ships no binary media. This is the one
 * place examples are made: the start-up job (library/starter-assets.ts) and `npm run build`
 * (scripts/make-sample-videos.ts) both call it, after the pre-made characters.
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

/**
 * `examples.json` lists the examples this version has made: a folder from an older version (the
 * synthetic animations of version 1 had the same file names) is made again, one file at a time,
 * each replacing the old one when it is done. Bump the version when the examples change.
 */
// 4: their hooks broken as a reader would (decision 254).
export const SAMPLE_VIDEOS_VERSION = 4;
export const SAMPLE_VIDEOS_MARKER = 'examples.json';

type Marker = { version: number; done: string[] };

const readMarker = (dir: string): Marker | null => {
  try {
    const m = JSON.parse(
      readFileSync(path.join(dir, SAMPLE_VIDEOS_MARKER), 'utf8'),
    ) as Partial<Marker>;
    return typeof m.version === 'number' && Array.isArray(m.done)
      ? { version: m.version, done: m.done.filter((x) => typeof x === 'string') }
      : null;
  } catch {
    return null;
  }
};

const finished = (marker: Marker | null, dir: string, file: string): boolean =>
  marker?.version === SAMPLE_VIDEOS_VERSION &&
  marker.done.includes(file) &&
  hasContent(path.join(dir, file));

/** Whether every example of this version is in the folder (one read and a few stat calls). */
export const sampleVideosPresent = (outDir: string): boolean => {
  const marker = readMarker(outDir);
  return SAMPLE_VIDEO_FILES.every((file) => finished(marker, outDir, file));
};

/** Renders every example that is missing (or all of them with force). */
export const makeSampleVideos = async (options: {
  outDir: string;
  /** The pre-made characters' folder: `{id}.mp4` for each clip's character. */
  charactersDir: string;
  ffmpeg: FfmpegSettings;
  force?: boolean;
  log?: (line: string) => void;
  /** Stops between and inside examples; finished ones stay (the marker). */
  signal?: AbortSignal;
}): Promise<{ made: number; ms: number }> => {
  const started = performance.now();
  const log = options.log ?? (() => {});
  await mkdir(options.outDir, { recursive: true });
  const marker = options.force ? null : readMarker(options.outDir);
  const done = new Set(marker?.version === SAMPLE_VIDEOS_VERSION ? marker.done : []);
  let made = 0;
  for (const clip of SAMPLE_CLIPS) {
    const outFile = path.join(options.outDir, clip.file);
    if (finished(marker, options.outDir, clip.file)) continue;
    options.signal?.throwIfAborted();
    done.delete(clip.file);
    const { bytes, ms } = await renderExample({
      clip,
      characterClip: path.join(options.charactersDir, `${clip.character}.mp4`),
      outFile,
      ffmpeg: options.ffmpeg,
      signal: options.signal,
    });
    done.add(clip.file);
    await writeFile(
      path.join(options.outDir, SAMPLE_VIDEOS_MARKER),
      JSON.stringify({ version: SAMPLE_VIDEOS_VERSION, done: [...done] } satisfies Marker),
    );
    made++;
    log(`${clip.file}: ${formatBytes(bytes)} in ${(ms / 1000).toFixed(1)} s`);
  }
  return { made, ms: performance.now() - started };
};

const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MB`
    : `${Math.round(bytes / 1024)} kB`;
