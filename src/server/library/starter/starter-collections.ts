import type { Ctx } from './canvas-kit';
import { paintBokeh } from './paint-bokeh';
import { paintBotanical } from './paint-botanical';
import { paintGeometry } from './paint-geometry';
import { paintMarble } from './paint-marble';
import { paintNeon } from './paint-neon';
import { paintOcean } from './paint-ocean';
import { paintPaper } from './paint-paper';
import { paintPastelGradient } from './paint-pastel';
import { paintPop } from './paint-pop';
import { paintSunset } from './paint-sunset';
import type { Rng } from '../../seeded-random';

export type Painter = (ctx: Ctx, size: number, rng: Rng, index: number) => void;

export type StarterCollection = { key: string; name: string; paint: Painter };

/**
 * The collections every install starts with (docs/ARCHITECTURE.md, "Image library"), in panel
 * order: the first four show on the Carousel Maker's panel. Keys are stable; the AI picks
 * collections by them.
 */
export const STARTER_COLLECTIONS: readonly StarterCollection[] = [
  { key: 'pastel-gradients', name: 'Pastel Gradients', paint: paintPastelGradient },
  { key: 'warm-sunset', name: 'Warm Sunset', paint: paintSunset },
  { key: 'minimal-marble', name: 'Minimal Marble', paint: paintMarble },
  { key: 'neon-night', name: 'Neon Night', paint: paintNeon },
  { key: 'botanical-soft', name: 'Botanical Soft', paint: paintBotanical },
  { key: 'ocean-calm', name: 'Ocean Calm', paint: paintOcean },
  { key: 'paper-texture', name: 'Paper Texture', paint: paintPaper },
  { key: 'bold-pop', name: 'Bold Pop', paint: paintPop },
  { key: 'bokeh-lights', name: 'Bokeh Lights', paint: paintBokeh },
  { key: 'soft-geometry', name: 'Soft Geometry', paint: paintGeometry },
];

/** One page of the collection dialog (12) per collection. */
export const STARTER_IMAGES_PER_COLLECTION = 12;
export const STARTER_IMAGE_SIZE = 1080;
/** Bump when a painter changes so cached libraries are drawn again. */
export const STARTER_LIBRARY_VERSION = 2;
