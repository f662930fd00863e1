import { outputFrame, type TRenderClip, type TRenderEdit } from '#contract/render';
import { placeBox } from './clip-geometry';
import { drawTextAsset, placementOf } from './text-assets';

/**
 * The edit as Shotstack receives it (decisions 034, 143): the seller's timeline as it is (output
 * presets, soundtrack, effects, transitions, smart timing), with every source an absolute URL and
 * every text, html or title clip replaced by the PNG our rasteriser draws, placed by its centre,
 * so both renderers show the very same overlay in the very same place (Shotstack's own text
 * engines lay text out differently from the browser's preview).
 */
export const toShotstackEdit = async (
  edit: TRenderEdit,
  {
    absolute,
    storeOverlay,
  }: {
    absolute: (src: string) => string;
    /** Stores one overlay PNG and returns a URL Shotstack can fetch. */
    storeOverlay: (index: number, png: Buffer) => Promise<string>;
  },
) => {
  const frame = outputFrame(edit.output);
  let overlays = 0;
  const convert = async (clip: TRenderClip): Promise<TRenderClip> => {
    const asset = clip.asset;
    if (asset.type === 'video' || asset.type === 'image') {
      return { ...clip, asset: { ...asset, src: absolute(asset.src) } };
    }
    const raster = await drawTextAsset(asset, frame);
    const scale = clip.scale ?? 1;
    const box = placeBox(
      placementOf(clip),
      raster.boxWidth * scale,
      raster.boxHeight * scale,
      frame,
    );
    const centreX = box.x + (raster.boxWidth * scale) / 2;
    const centreY = box.y + (raster.boxHeight * scale) / 2;
    const src = await storeOverlay(overlays++, raster.png);
    return {
      asset: { type: 'image', src },
      start: clip.start,
      length: clip.length,
      fit: 'none',
      ...(scale !== 1 ? { scale } : {}),
      position: 'center',
      offset: {
        x: (centreX - frame.width / 2) / frame.width,
        y: -(centreY - frame.height / 2) / frame.height,
      },
      ...(clip.transition ? { transition: clip.transition } : {}),
      ...(clip.effect ? { effect: clip.effect } : {}),
    };
  };
  const tracks = [];
  for (const track of edit.timeline.tracks) {
    const clips = [];
    for (const clip of track.clips) clips.push(await convert(clip));
    tracks.push({ clips });
  }
  const soundtrack = edit.timeline.soundtrack;
  return {
    timeline: {
      background: edit.timeline.background ?? '#000000',
      ...(soundtrack ? { soundtrack: { ...soundtrack, src: absolute(soundtrack.src) } } : {}),
      tracks,
    },
    // The frame Shotstack would work out itself, written out, so both renderers agree on it.
    output: {
      format: 'mp4' as const,
      size: { width: frame.width, height: frame.height },
      fps: frame.fps,
    },
  };
};
