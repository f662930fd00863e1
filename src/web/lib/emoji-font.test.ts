import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMOJI_FONT_FAMILY } from '#contract/emoji-font';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (document as { fonts?: unknown }).fonts;
});

describe('ensureEmojiFor', () => {
  it('adds every subset of the shipped emoji font once, by unicode-range, and loads for the text', async () => {
    const constructed: { family: string; source: string; descriptors: FontFaceDescriptors }[] = [];
    const loads: { font: string; text: string | undefined }[] = [];
    class FakeFontFace {
      constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
        constructed.push({ family, source, descriptors });
      }
    }
    vi.stubGlobal('FontFace', FakeFontFace);
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: {
        add: () => undefined,
        load: (font: string, text?: string) => {
          loads.push({ font, text });
          return Promise.resolve([]);
        },
      },
    });
    vi.resetModules();
    const { ensureEmojiFor, emojiFontFaceCount } = await import('./emoji-font');
    await ensureEmojiFor('margarita night 🍹');
    await ensureEmojiFor('🍋');
    expect(emojiFontFaceCount()).toBe(11);
    expect(constructed).toHaveLength(11);
    expect(new Set(constructed.map((c) => c.family))).toEqual(new Set([EMOJI_FONT_FAMILY]));
    expect(
      constructed.every((c) => /noto-color-emoji-\d+-400-normal.*\.woff2/.test(c.source)),
    ).toBe(true);
    expect(constructed.some((c) => c.descriptors.unicodeRange?.includes('U+1f1e6-1f1ff'))).toBe(
      true,
    );
    expect(loads.map((l) => l.text)).toEqual(['margarita night 🍹', '🍋']);
  });
});
