import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDE_EMPTY_BACKGROUND, slideFont } from '#contract/slide-layout';
import {
  SlideRenderError,
  buildCarouselZip,
  carouselDescriptionText,
  drawSlidePreview,
  renderSlide,
} from './index';
import { clearSlideImageCache } from './slide-image';

/**
 * jsdom has neither a 2D context nor image decoding, so both are stood in for: the context
 * records what is drawn and toBlob returns that record. Real pixels are checked on the server
 * (render-slide.test.ts) and in Chromium by the bench.
 */
const images: FakeImage[] = [];
class FakeImage {
  crossOrigin: string | null = null;
  decoding = 'auto';
  naturalWidth = 0;
  naturalHeight = 0;
  width = 0;
  height = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  constructor() {
    images.push(this);
  }
  get src() {
    return this.url;
  }
  set src(url: string) {
    this.url = url;
    setTimeout(() => {
      if (url.includes('broken')) {
        this.onerror?.();
        return;
      }
      this.naturalWidth = this.width = 800;
      this.naturalHeight = this.height = 600;
      this.onload?.();
    }, 0);
  }
}

const drawn = new WeakMap<HTMLCanvasElement, string[]>();

const fakeContext = (canvas: HTMLCanvasElement) => {
  const ops: string[] = [];
  drawn.set(canvas, ops);
  const ctx = {
    fillStyle: '' as unknown,
    strokeStyle: '' as unknown,
    lineWidth: 1,
    lineJoin: 'miter',
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    save: () => {},
    restore: () => {},
    fillRect: (...a: number[]) => ops.push(`fillRect ${String(ctx.fillStyle)} ${a.join(',')}`),
    drawImage: (img: FakeImage, ...a: number[]) => ops.push(`drawImage ${img.src} ${a.join(',')}`),
    measureText: (s: string) => ({
      width: s.length * Number(/(\d+)px/.exec(ctx.font)![1]) * 0.5,
    }),
    strokeText: (s: string) => ops.push(`stroke ${s}`),
    fillText: (s: string) => ops.push(`fill ${s} ${ctx.font}`),
  };
  return ctx;
};

let contexts: boolean;
let toBlobCalls: { type: string; quality: unknown }[];

beforeEach(() => {
  images.length = 0;
  contexts = true;
  toBlobCalls = [];
  clearSlideImageCache();
  vi.stubGlobal('Image', FakeImage);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return contexts ? (fakeContext(this) as never) : null;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type = 'image/png',
    quality?: unknown,
  ) {
    toBlobCalls.push({ type, quality });
    const record = `${type} ${this.width}x${this.height}\n${(drawn.get(this) ?? []).join('\n')}`;
    setTimeout(() => callback(new Blob([record], { type })), 0);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('carouselDescriptionText', () => {
  it('writes the description, a blank line, then the numbered slides', () => {
    expect(
      carouselDescriptionText('  First slide description ', [
        'Stop scrolling',
        'Line one\nline two',
        '',
      ]),
    ).toBe(
      [
        'Carousel Description:',
        'First slide description',
        '',
        'Slides:',
        '1. Stop scrolling',
        '2. Line one line two',
        '3.',
        '',
      ].join('\n'),
    );
  });
});

describe('renderSlide', () => {
  it('renders a 1080 PNG by default, the image covering the square', async () => {
    const blob = await renderSlide({ text: 'Hello', imageUrl: '/media/carousel/a.jpg' });
    expect(toBlobCalls).toEqual([{ type: 'image/png', quality: undefined }]);
    const record = await blob.text();
    expect(record).toContain('image/png 1080x1080');
    expect(record).toContain('drawImage /media/carousel/a.jpg 100,0,600,600,0,0,1080,1080');
    expect(record).toContain(`fill Hello ${slideFont(86)}`);
  });

  it('renders a JPEG at quality 0.92 when asked, at the size asked', async () => {
    const blob = await renderSlide(
      { text: 'Hi', imageUrl: 'https://cdn.example.com/a.jpg' },
      { format: 'jpeg', size: 200 },
    );
    expect(toBlobCalls).toEqual([{ type: 'image/jpeg', quality: 0.92 }]);
    expect(await blob.text()).toContain('image/jpeg 200x200');
  });

  it('asks for CORS on fetched images but not on blob: or data: URLs', async () => {
    await renderSlide({ text: '', imageUrl: '/media/carousel/a.jpg' });
    await renderSlide({ text: '', imageUrl: 'https://cdn.example.com/b.jpg' });
    await renderSlide({ text: '', imageUrl: 'blob:http://localhost/123' });
    await renderSlide({ text: '', imageUrl: 'data:image/png;base64,AAAA' });
    expect(images.map((i) => i.crossOrigin)).toEqual(['anonymous', 'anonymous', null, null]);
  });

  it('fails with "Failed to load image" when the image does not load', async () => {
    const failure = renderSlide({ text: 'x', imageUrl: '/media/broken.jpg' });
    await expect(failure).rejects.toBeInstanceOf(SlideRenderError);
    await expect(failure).rejects.toThrow('Failed to load image');
    await expect(renderSlide({ text: 'x', imageUrl: ' ' })).rejects.toThrow('Failed to load image');
  });

  it('fails with "Canvas not supported" without a 2D context', async () => {
    contexts = false;
    await expect(renderSlide({ text: 'x', imageUrl: '/a.jpg' })).rejects.toThrow(
      'Canvas not supported',
    );
  });

  it('loads each image once while it is cached', async () => {
    await renderSlide({ text: 'a', imageUrl: '/media/a.jpg' });
    await renderSlide({ text: 'b', imageUrl: '/media/a.jpg' });
    expect(images).toHaveLength(1);
  });
});

describe('drawSlidePreview', () => {
  it('squares the canvas and draws a neutral background without an image, at the 5% floor', async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 540;
    canvas.height = 300;
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    await drawSlidePreview(canvas, { text: long });
    expect([canvas.width, canvas.height]).toEqual([540, 540]);
    const ops = drawn.get(canvas)!;
    expect(ops[0]).toBe(`fillRect ${SLIDE_EMPTY_BACKGROUND} 0,0,540,540`);
    expect(ops.filter((o) => o.startsWith('fill ')).every((o) => o.endsWith(slideFont(27)))).toBe(
      true,
    );
  });

  it('draws the image, and only the latest of overlapping calls', async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    const first = drawSlidePreview(canvas, { text: 'old', imageUrl: '/media/old.jpg' });
    const second = drawSlidePreview(canvas, { text: 'new', imageUrl: '/media/new.jpg' });
    await Promise.all([first, second]);
    const ops = drawn.get(canvas)!;
    expect(ops.some((o) => o.includes('/media/new.jpg'))).toBe(true);
    expect(ops.some((o) => o.includes('old'))).toBe(false);
  });

  it('still shows the text when the image fails, then reports it', async () => {
    const canvas = document.createElement('canvas');
    await expect(
      drawSlidePreview(canvas, { text: 'Shown anyway', imageUrl: '/media/broken.jpg' }),
    ).rejects.toThrow('Failed to load image');
    expect(drawn.get(canvas)!.some((o) => o.startsWith('fill Shown anyway'))).toBe(true);
  });
});

describe('buildCarouselZip', () => {
  it('zips the slides with an image as slide_1..N.png with the description file', async () => {
    const now = new Date('2025-01-02T03:04:05.678Z');
    const result = await buildCarouselZip(
      [
        { text: 'Hook', imageUrl: '/media/carousel/1.jpg' },
        { text: 'No image yet' },
        { text: 'Blank url', imageUrl: '  ' },
        { text: 'Payoff', imageUrl: 'blob:http://localhost/2' },
      ],
      'Blend anywhere.',
      now,
    );
    expect(result.fileName).toBe(`carousel_${now.getTime()}.zip`);
    expect(result.count).toBe(2);
    expect(result.blob.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await result.blob.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'carousel_description.txt',
      'slide_1.png',
      'slide_2.png',
    ]);
    expect(strFromU8(files['slide_1.png']!)).toContain('drawImage /media/carousel/1.jpg');
    expect(strFromU8(files['slide_1.png']!)).toContain('fill Hook');
    expect(strFromU8(files['slide_2.png']!)).toContain('fill Payoff');
    expect(toBlobCalls.every((c) => c.type === 'image/png')).toBe(true);
    expect(strFromU8(files['carousel_description.txt']!)).toBe(
      'Carousel Description:\nBlend anywhere.\n\nSlides:\n1. Hook\n2. Payoff\n',
    );
  });

  it('refuses a carousel without any image', async () => {
    const failure = buildCarouselZip([{ text: 'a' }, { text: 'b', imageUrl: '' }], 'd');
    await expect(failure).rejects.toBeInstanceOf(SlideRenderError);
    await expect(failure).rejects.toThrow('No images found');
  });

  it('fails the whole zip when one image does not load', async () => {
    await expect(
      buildCarouselZip(
        [
          { text: 'a', imageUrl: '/media/a.jpg' },
          { text: 'b', imageUrl: '/media/broken.jpg' },
        ],
        'd',
      ),
    ).rejects.toThrow('Failed to load image');
  });
});

describe('loadSlideFont', () => {
  it('adds both Inter 700 faces to the document once', async () => {
    const added: unknown[] = [];
    const constructed: { family: string; source: string; descriptors: FontFaceDescriptors }[] = [];
    class FakeFontFace {
      constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
        constructed.push({ family, source, descriptors });
      }
      load() {
        return Promise.resolve(this);
      }
    }
    vi.stubGlobal('FontFace', FakeFontFace);
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { add: (f: unknown) => added.push(f) },
    });
    try {
      // A fresh module: the earlier tests (no FontFace in jsdom) settled the shared one.
      vi.resetModules();
      const { loadSlideFont } = await import('./slide-font');
      await Promise.all([loadSlideFont(), loadSlideFont()]);
      await loadSlideFont();
      expect(constructed.map((c) => c.family)).toEqual(['Hookreel Slide', 'Hookreel Slide Ext']);
      expect(constructed[0]!.source).toMatch(/inter-latin-700-normal.*\.woff2/);
      expect(constructed[1]!.source).toMatch(/inter-latin-ext-700-normal.*\.woff2/);
      expect(constructed[0]!.descriptors.weight).toBe('700');
      expect(added).toHaveLength(2);
    } finally {
      delete (document as { fonts?: unknown }).fonts;
    }
  });
});
