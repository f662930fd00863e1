import { RENDER_HEIGHT, RENDER_WIDTH, type TRenderClip, type TRenderEdit } from '#contract/render';
import { placeBox } from '../../adapters/render/clip-geometry';
import { rasteriseText, textStyleOf } from '../../adapters/render/overlay-raster';

/**
 * The edit as Shotstack receives it (decision 034): every source an absolute URL, and every
 * text or html clip replaced by the PNG our rasteriser draws, placed by its centre, so both
 * renderers show the very same overlay in the very same place (Shotstack's own text engines
 * lay text out differently from the browser's preview).
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
  let overlays = 0;
  const convert = async (clip: TRenderClip): Promise<TRenderClip> => {
    const asset = clip.asset;
    if (asset.type === 'video' || asset.type === 'image') {
      return { ...clip, asset: { ...asset, src: absolute(asset.src) } };
    }
    const raster = rasteriseText(textStyleOf(asset));
    const scale = clip.scale ?? 1;
    const box = placeBox(clip, raster.boxWidth * scale, raster.boxHeight * scale);
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
        x: (centreX - RENDER_WIDTH / 2) / RENDER_WIDTH,
        y: -(centreY - RENDER_HEIGHT / 2) / RENDER_HEIGHT,
      },
      ...(clip.transition ? { transition: clip.transition } : {}),
    };
  };
  const tracks = [];
  for (const track of edit.timeline.tracks) {
    const clips = [];
    for (const clip of track.clips) clips.push(await convert(clip));
    tracks.push({ clips });
  }
  return {
    timeline: {
      background: edit.timeline.background ?? '#000000',
      tracks,
    },
    output: {
      format: 'mp4' as const,
      size: { width: RENDER_WIDTH, height: RENDER_HEIGHT },
      fps: 30,
    },
  };
};
