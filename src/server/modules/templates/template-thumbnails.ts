import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { TEMPLATE_MEDIA_PREFIX } from '#contract/templates';
import type { TTemplateCharacter } from '#contract/templates';
import type { Storage } from '../../adapters/storage/storage';
import { takingTurns } from '../../taking-turns';
import { renderSlideJpeg } from '../slides';
import { findTemplateDef } from './catalogue/template-catalogue';
import { OVERLAY_STYLES } from './catalogue/template-styles';
import type { CarouselTemplateDef, VideoTemplateDef } from './catalogue/template-types';
import { characterFor } from './template-apply';
import { faceBoxFor } from '#contract/hook-demo';
import { drawHookOnFrame } from './hook-overlay';

/** Bump when the drawing changes: the URLs and storage keys move, so nothing stale is served. */
export const TEMPLATE_THUMB_VERSION = 3;

export const templateThumbnailUrl = (id: string) =>
  `${TEMPLATE_MEDIA_PREFIX}${id}.jpg?v=${TEMPLATE_THUMB_VERSION}`;

const storageKeyOf = (id: string) => `platform/templates/v${TEMPLATE_THUMB_VERSION}/${id}.jpg`;

const FILE = /^([a-z0-9-]{1,100})\.jpg$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Carousel thumbnails are square slides, video ones 9:16 frames; both this wide. */
export const THUMB_WIDTH = 540;
const JPEG_QUALITY = 85;
const DRAW_CONCURRENCY = 2;

export type ThumbnailResponse = { body: Buffer; contentType: string; cacheControl: string };

type Options = {
  storage: Pick<Storage, 'get' | 'put'>;
  /** The bytes behind one of this site's own media URLs, or null. */
  readOwnMedia: (url: string) => Promise<Buffer | null>;
  collectionImages: (key: string) => Promise<string[]>;
  premadeCharacters: () => readonly TTemplateCharacter[];
  log: (error: unknown, message: string) => void;
};

/** The look's first image with the example's first slide, drawn by the server slide renderer. */
const drawCarousel = async (def: CarouselTemplateDef, deps: Options) => {
  const [first] = await deps.collectionImages(def.collection);
  const image = first ? await deps.readOwnMedia(first) : null;
  if (!image) return null;
  return renderSlideJpeg({ image, text: def.example.slides[0] ?? def.name, size: THUMB_WIDTH });
};

/** Cover-fit, the way the 9:16 render crops a portrait. */
const drawCover = (
  ctx: SKRSContext2D,
  image: { width: number; height: number },
  w: number,
  h: number,
) => {
  const scale = Math.max(w / image.width, h / image.height);
  const dw = image.width * scale;
  const dh = image.height * scale;
  ctx.drawImage(image as never, (w - dw) / 2, (h - dh) / 2, dw, dh);
};

/** The template's character with its example hook in the template's overlay style. */
const drawVideo = async (def: VideoTemplateDef, deps: Options) => {
  const character = characterFor(def, deps.premadeCharacters());
  const portrait = character ? await deps.readOwnMedia(character.thumbnailUrl) : null;
  if (!portrait) return null;
  const width = THUMB_WIDTH;
  const height = Math.round((THUMB_WIDTH * 16) / 9);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawCover(ctx, await loadImage(portrait), width, height);
  const style = OVERLAY_STYLES[def.overlayStyle];
  drawHookOnFrame(ctx, {
    text: def.exampleHook,
    width,
    height,
    fontScale: style.textFontScale,
    yOffset: style.textYOffset,
    faceBox: faceBoxFor(character),
  });
  return canvas.encode('jpeg', JPEG_QUALITY);
};

/**
 * Template thumbnails, drawn by the product's own renderers on first request and kept in
 * storage (decision 043): a fresh install pays nothing at start, and several processes drawing
 * the same one at once store the same bytes. Until the image library or the characters exist
 * there is nothing to draw on: the answer is null and nothing is kept.
 */
export const createTemplateThumbnails = (deps: Options) => {
  const drawing = new Map<string, Promise<Buffer | null>>();
  // The first view of the page asks for every card at once; drawing is mostly synchronous
  // canvas work, so two at a time keeps the event loop free for other requests.
  const inTurn = takingTurns(DRAW_CONCURRENCY);

  const draw = async (id: string): Promise<Buffer | null> => {
    const def = findTemplateDef(id);
    if (!def) return null;
    const stored = await deps.storage.get(storageKeyOf(id));
    if (stored) return stored.body;
    const body = await inTurn(() =>
      def.type === 'carousel' ? drawCarousel(def, deps) : drawVideo(def, deps),
    );
    if (body) await deps.storage.put(storageKeyOf(id), body, 'image/jpeg');
    return body;
  };

  return {
    read: async (file: string): Promise<ThumbnailResponse | null> => {
      const id = FILE.exec(file)?.[1];
      if (!id || !findTemplateDef(id)) return null;
      let running = drawing.get(id);
      if (!running) {
        running = draw(id).finally(() => drawing.delete(id));
        drawing.set(id, running);
      }
      let body: Buffer | null;
      try {
        body = await running;
      } catch (error) {
        deps.log(error, `templates: could not draw the thumbnail of ${id}`);
        return null;
      }
      return body
        ? {
            body,
            contentType: 'image/jpeg',
            cacheControl: `public, max-age=${YEAR_SECONDS}, immutable`,
          }
        : null;
    },
  };
};

export type TemplateThumbnails = ReturnType<typeof createTemplateThumbnails>;
