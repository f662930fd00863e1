import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SampleClip } from './clips';
import { buildFfmpegArgs } from './ffmpeg-args';
import type { TextFiles } from './filter-expressions';
import { findBoldFont } from './frame';
import { runFfmpeg } from '../run-ffmpeg';

// Running ffmpeg for one product card clip, with its captions written to files first.

export type RenderOptions = { ffmpegPath: string; fontFile?: string | null };

/** Renders one product card clip to outFile (written under a temporary name, then renamed). */
export const renderProductCard = async (
  clip: SampleClip,
  outFile: string,
  options: RenderOptions,
): Promise<{ bytes: number; ms: number }> => {
  const started = performance.now();
  const ffmpeg = options.ffmpegPath;
  const fontFile = options.fontFile !== undefined ? options.fontFile : findBoldFont();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-sample-'));
  try {
    const write = async (name: string, content: string): Promise<string> => {
      const file = path.join(workDir, name);
      // No trailing newline: drawtext would render it as an extra, empty line.
      await writeFile(file, content, 'utf8');
      return file;
    };
    const texts: TextFiles = {
      product: await write('product.txt', clip.product),
      handle: await write('handle.txt', clip.handle),
      sponsored: await write('sponsored.txt', 'Sponsored'),
      shop: await write('shop.txt', 'Shop now'),
    };
    const partial = `${outFile}.partial`;
    await runFfmpeg(ffmpeg, buildFfmpegArgs(clip, { outFile: partial, texts, fontFile }));
    // A half-written file must never look finished to the skip check on the next build.
    await rename(partial, outFile);
    const { size } = await stat(outFile);
    return { bytes: size, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
};
