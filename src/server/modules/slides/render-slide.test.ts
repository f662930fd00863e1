import { createCanvas } from '@napi-rs/canvas';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  SLIDE_PREVIEW_MIN_FONT_RATIO,
  SlideRenderError,
  contextMeasure,
  layoutSlideText,
} from '#contract/slide-layout';
import { renderCarouselZip, renderSlideJpeg, renderSlidePng } from './render-slide';
import { registerSlideFonts } from './slide-fonts';

const OVERLAID_WHITE = Math.round(255 * 0.75);

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const pixels = async (image: Buffer) => {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
  };
  return { width: info.width, height: info.height, at };
};

/** True where a pixel is neither the plain overlaid white nor close to it (JPEG noise). */
const isInk = (rgb: readonly number[]) => rgb.some((c) => Math.abs(c - OVERLAID_WHITE) > 24);

/** Rows (top to bottom) that hold any text pixel. */
const inkRows = (p: Awaited<ReturnType<typeof pixels>>) => {
  const rows: number[] = [];
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x += 2) {
      if (isInk(p.at(x, y))) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
};

/** The layout the server uses, measured with the registered slide font. */
const serverLayout = (text: string, minFontRatio = SLIDE_PREVIEW_MIN_FONT_RATIO) => {
  registerSlideFonts();
  const measure = contextMeasure(createCanvas(8, 8).getContext('2d'));
  return layoutSlideText(text, { size: 1080, minFontRatio, measure });
};

const LONG =
  'I tried every portable blender on the market so you do not have to, and honestly this is the only one that survived a whole month of daily protein shakes, travel, and being dropped more than once.';

describe('renderSlideJpeg', () => {
  it('writes a 1080 square JPEG with a 25% dark overlay', async () => {
    const out = await renderSlideJpeg({ image: await solid(400, 300, '#ffffff'), text: '' });
    expect([...out.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1080, 1080]);
    const p = await pixels(out);
    for (const [x, y] of [
      [0, 0],
      [540, 540],
      [1079, 1079],
      [300, 800],
    ] as const) {
      for (const c of p.at(x, y)) expect(Math.abs(c - OVERLAID_WHITE)).toBeLessThanOrEqual(2);
    }
  });

  it('draws white text with a black stroke in the middle and leaves the padding plain', async () => {
    const out = await renderSlideJpeg({ image: await solid(1080, 1080, '#ffffff'), text: 'HELLO' });
    const p = await pixels(out);
    const row = Array.from({ length: 1080 }, (_, x) => p.at(x, 540));
    expect(row.some((rgb) => rgb.every((c) => c > 240))).toBe(true);
    expect(row.some((rgb) => rgb.every((c) => c < 40))).toBe(true);
    const band = Math.floor(1080 * 0.08) - 2;
    for (let i = 0; i < 1080; i += 3) {
      for (const [x, y] of [
        [i, 0],
        [i, band],
        [0, i],
        [band, i],
        [1079 - band, i],
        [i, 1079 - band],
      ] as const) {
        expect(isInk(p.at(x, y)), `pixel ${x},${y}`).toBe(false);
      }
    }
  });

  it('sets longer text smaller, and never in more than three lines', async () => {
    const short = serverLayout('Stop scrolling');
    const medium = serverLayout('This blender fits in your gym bag and makes a smoothie anywhere');
    const long = serverLayout(LONG);
    expect(short.fontPx).toBe(86);
    expect(medium.fontPx).toBeLessThan(86);
    expect(long.fontPx).toBe(54);
    expect(long.lines).toHaveLength(3);
    expect(long.truncated).toBe(true);

    const white = await solid(1080, 1080, '#ffffff');
    for (const layout of [short, medium, long]) {
      const text = layout === long ? LONG : layout.lines.map((l) => l.text).join(' ');
      const rows = inkRows(await pixels(await renderSlideJpeg({ image: white, text })));
      const extent = rows.at(-1)! - rows[0]! + 1;
      // Ink spans the lines (cap height to descender) but never more than the block and stroke.
      expect(extent).toBeLessThanOrEqual(layout.lines.length * layout.lineHeight);
      expect(extent).toBeGreaterThan((layout.lines.length - 1) * layout.lineHeight);
      expect(Math.abs((rows[0]! + rows.at(-1)!) / 2 - 540)).toBeLessThan(layout.fontPx * 0.3);
    }
  });

  it('cover-crops the image around its centre', async () => {
    // A wide image: red | green | blue thirds. Only the green middle square should show.
    const stripes = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#ff0000' },
    })
      .composite([
        { input: await solid(100, 100, '#00ff00'), left: 100, top: 0 },
        { input: await solid(100, 100, '#0000ff'), left: 200, top: 0 },
      ])
      .png()
      .toBuffer();
    const p = await pixels(await renderSlideJpeg({ image: stripes, text: '', size: 300 }));
    for (const [x, y] of [
      [3, 3],
      [296, 3],
      [150, 150],
      [3, 296],
      [296, 296],
    ] as const) {
      const [r, g, b] = p.at(x, y);
      expect(r).toBeLessThan(20);
      expect(Math.abs(g - OVERLAID_WHITE)).toBeLessThan(6);
      expect(b).toBeLessThan(20);
    }
  });

  it('renders at the 64 px minimum and lifts smaller sizes to it', async () => {
    const image = await solid(200, 200, '#3366cc');
    for (const size of [64, 10]) {
      const meta = await sharp(
        await renderSlideJpeg({ image, text: 'Small one', size }),
      ).metadata();
      expect([meta.width, meta.height]).toEqual([64, 64]);
    }
  });

  it('reports bytes that are not an image as "Failed to load image"', async () => {
    const failure = renderSlideJpeg({ image: Buffer.from('not an image'), text: 'x' });
    await expect(failure).rejects.toThrow(SlideRenderError);
    await expect(failure).rejects.toThrow('Failed to load image');
  });

  it('draws emoji in colour from the shipped font, not as missing-glyph boxes', async () => {
    const out = await renderSlideJpeg({ image: await solid(300, 300, '#ffffff'), text: '🍋🔥' });
    const p = await pixels(out);
    // The lemon and the flame are saturated yellows and oranges; the text is otherwise white
    // on black and a missing-glyph box would be grey.
    let coloured = 0;
    for (let y = 0; y < p.height; y += 2) {
      for (let x = 0; x < p.width; x += 2) {
        const [r, g, b] = p.at(x, y);
        if (r > 180 && g > 120 && b < 90) coloured++;
      }
    }
    expect(coloured).toBeGreaterThan(1000);
  });
});

describe('renderSlidePng', () => {
  it('writes an opaque PNG with the colours drawn', async () => {
    const out = await renderSlidePng({ image: await solid(100, 100, '#ff8000'), text: '' });
    expect([...out.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual([
      'png',
      1080,
      1080,
      false,
    ]);
    const [r, g, b] = (await pixels(out)).at(540, 540);
    expect([Math.abs(r - 191), Math.abs(g - 96), b]).toEqual([
      expect.toBeOneOf([0, 1]),
      expect.toBeOneOf([0, 1]),
      0,
    ]);
  });
});

describe('renderCarouselZip', () => {
  it('zips the slides that have an image, numbered in order, with the description', async () => {
    const image = await solid(120, 90, '#ff8800');
    const now = new Date('2025-03-04T05:06:07.089Z');
    const zip = await renderCarouselZip({
      slides: [
        { text: 'First', image },
        { text: 'No picture yet', image: null },
        { text: 'Second\nslide', image },
      ],
      description: 'Blend anywhere.',
      now,
      size: 128,
    });
    expect(zip.fileName).toBe(`carousel_${now.getTime()}.zip`);
    expect(zip.count).toBe(2);
    const files = unzipSync(new Uint8Array(zip.buffer));
    expect(Object.keys(files).sort()).toEqual([
      'carousel_description.txt',
      'slide_1.png',
      'slide_2.png',
    ]);
    for (const name of ['slide_1.png', 'slide_2.png']) {
      const meta = await sharp(Buffer.from(files[name]!)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 128, 128]);
    }
    expect(strFromU8(files['carousel_description.txt']!)).toBe(
      'Carousel Description:\nBlend anywhere.\n\nSlides:\n1. First\n2. Second slide\n',
    );
  });

  it('refuses a carousel without any image', async () => {
    await expect(
      renderCarouselZip({ slides: [{ text: 'a' }, { text: 'b', image: null }], description: '' }),
    ).rejects.toThrow('No images found');
  });
});
