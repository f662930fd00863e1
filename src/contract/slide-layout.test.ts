import { describe, expect, it } from 'vitest';
import {
  SLIDE_BASELINE_OFFSET_EM,
  SLIDE_ELLIPSIS,
  SLIDE_EMPTY_BACKGROUND,
  coverCrop,
  drawSlide,
  layoutSlideText,
  normalizeSlideSize,
  slideFont,
  type SlideDrawContext,
} from './slide-layout';

/** Every character half an em wide: 1080 px slides hold 21 characters a line at 86 px. */
const mono = (text: string, fontPx: number) => Array.from(text).length * fontPx * 0.5;

const widest = (lines: { text: string }[], fontPx: number) =>
  Math.max(...lines.map((l) => mono(l.text, fontPx)));

describe('layoutSlideText', () => {
  it('sets a short line at 8% of the width, centred, with a stroke of 8% of the font', () => {
    const layout = layoutSlideText('Hello there', { measure: mono });
    expect(layout.size).toBe(1080);
    expect(layout.padding).toBeCloseTo(86.4);
    expect(layout.fontPx).toBe(86);
    expect(layout.font).toBe(slideFont(86));
    expect(layout.lineHeight).toBeCloseTo(103.2);
    expect(layout.strokeWidth).toBeCloseTo(6.88);
    expect(layout.lines).toEqual([
      { text: 'Hello there', x: 540, y: 540 + 86 * SLIDE_BASELINE_OFFSET_EM },
    ]);
    expect(layout.truncated).toBe(false);
  });

  it('lays out nothing for empty or blank text', () => {
    expect(layoutSlideText('', { measure: mono }).lines).toEqual([]);
    expect(layoutSlideText(' \n\t ', { measure: mono }).lines).toEqual([]);
  });

  it('wraps words and centres the block vertically, one line height apart', () => {
    const layout = layoutSlideText('one two three four five six seven', { measure: mono });
    expect(layout.fontPx).toBe(86);
    expect(layout.lines.map((l) => l.text)).toEqual(['one two three four', 'five six seven']);
    const [a, b] = layout.lines;
    expect(b!.y - a!.y).toBeCloseTo(layout.lineHeight);
    expect((a!.y + b!.y) / 2 - 86 * SLIDE_BASELINE_OFFSET_EM).toBeCloseTo(540);
  });

  it('breaks lines where a reader would, leaving no word alone under the others', () => {
    // Filled line by line at 86 px, the last line was "pour-over" alone.
    const layout = layoutSlideText('Everything I love about this pour-over', {
      measure: (text, px) => text.length * px * 0.55,
    });
    expect(layout.lines.map((l) => l.text)).toEqual([
      'Everything',
      'I love about',
      'this pour-over',
    ]);
  });

  it('shrinks in 2 px steps only as far as needed to fit three lines', () => {
    const tried: number[] = [];
    const text = 'The blender that fits in your bag and makes smoothies anywhere you go';
    const layout = layoutSlideText(text, {
      measure: (s, px) => {
        if (!tried.includes(px)) tried.push(px);
        return mono(s, px);
      },
    });
    expect(layout.fontPx).toBeLessThan(86);
    expect(layout.lines.length).toBeLessThanOrEqual(3);
    expect(layout.truncated).toBe(false);
    expect(tried).toEqual(tried.map((_, i) => 86 - 2 * i));
    expect(tried.at(-1)).toBe(layout.fontPx);
    // One step larger would not have fitted.
    expect(
      layoutSlideText(text, { measure: (s, px) => mono(s, px === layout.fontPx ? px + 2 : px) })
        .lines.length,
    ).toBeGreaterThanOrEqual(3);
    expect(widest(layout.lines, layout.fontPx)).toBeLessThanOrEqual(layout.maxWidth);
  });

  it('tries the minimum last even when the 2 px steps pass it, then cuts with an ellipsis', () => {
    const tried: number[] = [];
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const layout = layoutSlideText(text, {
      measure: (s, px) => {
        if (!tried.includes(px)) tried.push(px);
        return mono(s, px);
      },
    });
    expect(tried).toEqual([86, 84, 82, 80, 78, 76, 74, 72, 70, 68, 66, 65]);
    expect(layout.fontPx).toBe(65);
    expect(layout.lines).toHaveLength(3);
    expect(layout.truncated).toBe(true);
    expect(layout.lines[2]!.text.endsWith(SLIDE_ELLIPSIS)).toBe(true);
    expect(layout.lines[2]!.text).not.toMatch(/\s…$/);
    expect(widest(layout.lines, 65)).toBeLessThanOrEqual(layout.maxWidth);
    // What shows is the start of the text, in order.
    const shown = layout.lines.map((l) => l.text).join(' ');
    expect(text.startsWith(shown.slice(0, -1))).toBe(true);
  });

  it('shortens the third line until the ellipsis fits', () => {
    const text = `${'a'.repeat(21)} ${'b'.repeat(21)} ${'c'.repeat(21)} ${'d'.repeat(21)}`;
    // Widths that ignore the font size: shrinking never helps, so the cut is at 86 px widths.
    const layout = layoutSlideText(text, { measure: (s) => mono(s, 86) });
    expect(layout.lines.map((l) => l.text)).toEqual([
      'a'.repeat(21),
      'b'.repeat(21),
      `${'c'.repeat(20)}${SLIDE_ELLIPSIS}`,
    ]);
  });

  it('uses the 5% minimum for preview and upload', () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const layout = layoutSlideText(text, { measure: mono, minFontRatio: 0.05 });
    expect(layout.fontPx).toBe(54);
    expect(layout.lines).toHaveLength(3);
  });

  it('breaks lines at newlines and drops blank lines', () => {
    expect(layoutSlideText('Top\nBottom', { measure: mono }).lines.map((l) => l.text)).toEqual([
      'Top',
      'Bottom',
    ]);
    expect(
      layoutSlideText('Top\r\n\r\n\n\nBottom', { measure: mono }).lines.map((l) => l.text),
    ).toEqual(['Top', 'Bottom']);
  });

  it('cuts a word wider than a line into pieces that fit', () => {
    const word = 'x'.repeat(50);
    const layout = layoutSlideText(word, { measure: mono });
    expect(layout.lines.length).toBeLessThanOrEqual(3);
    expect(layout.lines.map((l) => l.text).join('')).toBe(word);
    expect(widest(layout.lines, layout.fontPx)).toBeLessThanOrEqual(layout.maxWidth);
  });

  it('never splits an emoji when cutting a long word', () => {
    const word = '👍🏽'.repeat(40);
    const layout = layoutSlideText(word, { measure: (s, px) => mono(s, px) / 2 });
    for (const line of layout.lines) {
      expect(line.text.replace(SLIDE_ELLIPSIS, '')).toMatch(/^(👍🏽)*$/u);
    }
  });

  it('works down to 64 px, with a stroke of at least 2 px', () => {
    const layout = layoutSlideText('Tiny slide text that wraps', { size: 64, measure: mono });
    expect(layout.size).toBe(64);
    expect(layout.fontPx).toBeGreaterThanOrEqual(4);
    expect(layout.fontPx).toBeLessThanOrEqual(5);
    expect(layout.strokeWidth).toBe(2);
    expect(layout.lines.length).toBeLessThanOrEqual(3);
  });
});

describe('normalizeSlideSize', () => {
  it('defaults to 1080, rounds, and never goes under 64', () => {
    expect(normalizeSlideSize(undefined)).toBe(1080);
    expect(normalizeSlideSize(Number.NaN)).toBe(1080);
    expect(normalizeSlideSize(10)).toBe(64);
    expect(normalizeSlideSize(500.4)).toBe(500);
  });
});

describe('coverCrop', () => {
  it('takes the centred square of the image', () => {
    expect(coverCrop(2000, 1000)).toEqual({ sx: 500, sy: 0, sw: 1000, sh: 1000 });
    expect(coverCrop(600, 900)).toEqual({ sx: 0, sy: 150, sw: 600, sh: 600 });
  });
});

type Img = { width: number; height: number };

const recordingContext = () => {
  const calls: string[] = [];
  const ctx: SlideDrawContext<Img> & { calls: string[] } = {
    calls,
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineJoin: 'miter',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    save: () => calls.push('save'),
    restore: () => calls.push('restore'),
    fillRect: (...a) => calls.push(`fillRect ${String(ctx.fillStyle)} ${a.join(',')}`),
    drawImage: (_img, ...a) => calls.push(`drawImage ${a.join(',')}`),
    measureText: (s) => ({ width: mono(s, Number(/(\d+)px/.exec(ctx.font)![1])) }),
    fillText: (s) => calls.push(`fill ${s} ${String(ctx.fillStyle)}`),
    strokeText: (s) =>
      calls.push(`stroke ${s} ${String(ctx.strokeStyle)} ${ctx.lineWidth} ${ctx.lineJoin}`),
  };
  return ctx;
};

describe('drawSlide', () => {
  it('covers the square with the image, darkens it, then strokes and fills the text', () => {
    const ctx = recordingContext();
    const layout = drawSlide(ctx, {
      image: { width: 1600, height: 1200 },
      text: 'Line one\nLine two',
      size: 540,
    });
    expect(layout.fontPx).toBe(43);
    expect(ctx.calls).toEqual([
      'save',
      'fillRect #ffffff 0,0,540,540',
      'drawImage 200,0,1200,1200,0,0,540,540',
      'fillRect rgba(0, 0, 0, 0.25) 0,0,540,540',
      `stroke Line one #000000 ${layout.strokeWidth} round`,
      `stroke Line two #000000 ${layout.strokeWidth} round`,
      'fill Line one #ffffff',
      'fill Line two #ffffff',
      'restore',
    ]);
    expect(ctx.font).toBe(slideFont(43));
    expect(ctx.textAlign).toBe('center');
    expect(ctx.textBaseline).toBe('alphabetic');
  });

  it('draws a neutral background without an image', () => {
    const ctx = recordingContext();
    drawSlide(ctx, { image: null, text: '' });
    expect(ctx.calls).toEqual([
      'save',
      `fillRect ${SLIDE_EMPTY_BACKGROUND} 0,0,1080,1080`,
      'fillRect rgba(0, 0, 0, 0.25) 0,0,1080,1080',
      'restore',
    ]);
  });
});
