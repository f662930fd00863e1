/**
 * `npx tsx scripts/bench-templates.ts`: what the templates cost. Drawing the whole catalogue's
 * thumbnails from scratch (the first view of /templates on a new install), against one 540 px
 * slide JPEG drawn in the same run; and filling a carousel and a Hook + Demo template for a
 * product with the local writer, against the AI layer's 300 ms target. Median of several runs;
 * prints figures and ratios, asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createLocalWriter } from '../src/server/adapters/ai/local-writer';
import { createAiService } from '../src/server/modules/ai';
import { renderSlideJpeg } from '../src/server/modules/slides';
import {
  applyTemplate,
  createTemplateThumbnails,
  TEMPLATE_CATALOGUE,
} from '../src/server/modules/templates';

const RUNS = 5;
const FILL_TARGET_MS = 300;
const PRODUCT = {
  id: 'bench',
  name: 'GlowDrop Vitamin C Serum',
  description:
    'A lightweight vitamin C serum for busy moms. Brightens dull skin in 2 weeks, fades dark spots and layers under makeup in 30 seconds. Only $24 for a 2-month bottle.',
};

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const timed = async (work: () => Promise<unknown>) => {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return median(runs);
};

export const runTemplatesBench = async (log: (line: string) => void = console.log) => {
  const photo = await sharp({
    create: { width: 1080, height: 1080, channels: 3, background: '#b07acc' },
  })
    .jpeg()
    .toBuffer();
  const portrait = await sharp({
    create: { width: 720, height: 1280, channels: 3, background: '#e0b090' },
  })
    .jpeg()
    .toBuffer();
  const character = {
    id: 'maya',
    name: 'Maya',
    url: '/media/characters/premade/maya.mp4',
    thumbnailUrl: '/media/characters/premade/maya.jpg',
    kind: 'video' as const,
  };

  const oneSlide = await timed(() =>
    renderSlideJpeg({ image: photo, text: '3 reasons this serum stays in my routine', size: 540 }),
  );
  const catalogue = await timed(async () => {
    const thumbnails = createTemplateThumbnails({
      storage: {
        get: async () => null,
        put: async (key, body, contentType) => ({ key, contentType, size: body.length }),
      },
      readOwnMedia: async (url) => (url.includes('/characters/') ? portrait : photo),
      collectionImages: async () => ['/media/carousel/bench.jpg'],
      premadeCharacters: () => [character],
      log: () => undefined,
    });
    await Promise.all(TEMPLATE_CATALOGUE.map((t) => thumbnails.read(`${t.id}.jpg`)));
  });
  log(
    `Template thumbnails: the catalogue (${TEMPLATE_CATALOGUE.length}) drawn from scratch in ${catalogue.toFixed(0)} ms, ${(catalogue / TEMPLATE_CATALOGUE.length).toFixed(1)} ms each (${(catalogue / TEMPLATE_CATALOGUE.length / oneSlide).toFixed(2)}× one 540 px slide JPEG, ${oneSlide.toFixed(1)} ms)`,
  );

  const ai = createAiService(createLocalWriter());
  const writer = createLocalWriter();
  const deps = {
    ai,
    briefOf: (p: { name: string; description: string }) => writer.analyzeProduct(p),
    collectionImages: async () => ['/media/carousel/a.jpg', '/media/carousel/b.jpg'],
    premadeCharacters: () => [character],
  };
  for (const type of ['carousel', 'video'] as const) {
    const def = TEMPLATE_CATALOGUE.find((t) => t.type === type)!;
    const ms = await timed(() => applyTemplate(def, PRODUCT, deps));
    log(
      `Template fill (${type}, local writer): ${ms.toFixed(2)} ms (${(ms / FILL_TARGET_MS).toFixed(4)}× the ${FILL_TARGET_MS} ms target)`,
    );
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runTemplatesBench();
