import { copyFile, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildHookDemoEdit, UGC_DURATION_SEC } from '#contract/hook-demo';
import { renderLocally, type LocalRenderResult } from '../../adapters/render/local-renderer';
import { normalizeVideo } from '../canonical-video';
import type { FfmpegSettings } from '../ffmpeg-path';
import { resolveFfmpeg } from '../ffmpeg-path';
import { premadeFaceBox } from '../../modules/characters';
import { measureHookText } from '../hook-text';
import type { SampleClip } from './clips';
import { renderProductCard } from './render-clip';

// The renderer reads assets by URL; these never leave the machine: `files` maps them to disk.
const CHARACTER_SRC = 'https://examples.hookreel.invalid/character.mp4';
const PRODUCT_SRC = 'https://examples.hookreel.invalid/product.mp4';

/** How long an example runs: the character part, then the product part. */
export const exampleDurationSec = (clip: SampleClip) => UGC_DURATION_SEC + clip.durationSec;

/**
 * One landing example, made the way the product makes a Hook + Demo (decision 053): the
 * character clip with the hook drawn over it, then the product card clip, joined by the local
 * renderer. The result is written under a temporary name, then renamed into place.
 */
export const renderExample = async ({
  clip,
  characterClip,
  outFile,
  ffmpeg,
  signal,
}: {
  clip: SampleClip;
  /** The pre-made character's clip (canonical 1080x1920 mp4). */
  characterClip: string;
  outFile: string;
  ffmpeg: FfmpegSettings;
  signal?: AbortSignal;
}): Promise<{ bytes: number; ms: number; segments: LocalRenderResult['segments'] }> => {
  const started = performance.now();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-example-'));
  try {
    const card = path.join(workDir, 'card.mp4');
    await renderProductCard(clip, card, { ffmpegPath: await resolveFfmpeg(ffmpeg) });
    // In the canonical format the product part is stream-copied, as an uploaded clip would be.
    const product = path.join(workDir, 'product.mp4');
    await normalizeVideo({
      input: card,
      output: product,
      fit: 'crop',
      maxSeconds: clip.durationSec,
      settings: ffmpeg,
    });
    const edit = buildHookDemoEdit({
      hookText: clip.hook,
      characterUrl: CHARACTER_SRC,
      productVideoUrl: PRODUCT_SRC,
      productDurationSec: clip.durationSec,
      // As a seller's render would: the hook kept off the character's face (decision 132).
      faceBox: premadeFaceBox(clip.character) ?? undefined,
      measure: measureHookText,
    });
    const result = await renderLocally({
      edit,
      files: new Map([
        [CHARACTER_SRC, characterClip],
        [PRODUCT_SRC, product],
      ]),
      workDir,
      ffmpeg,
      signal,
    });
    // Copied first: the work folder may be on another file system than the output.
    const partial = `${outFile}.partial`;
    await copyFile(result.file, partial);
    await rename(partial, outFile);
    const { size } = await stat(outFile);
    return { bytes: size, ms: Math.round(performance.now() - started), segments: result.segments };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
};
