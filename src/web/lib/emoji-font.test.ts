import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMOJI_FONT_FAMILY } from '#contract/emoji-font';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (document as { fonts?: unknown }).fonts;
});

describe('ensureEmojiFor', () => {
  it('adds the shipped emoji font the server uses once, by unicode-range, and loads for the text', async () => {
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
    const { ensureEmojiFor } = await import('./emoji-font');
    await ensureEmojiFor('margarita night 🍹');
    await ensureEmojiFor('🍋');
    // One face: the complete file the server registers, fetched only for emoji by its range.
    expect(constructed).toHaveLength(1);
    expect(constructed[0]!.family).toBe(EMOJI_FONT_FAMILY);
    expect(constructed[0]!.source).toMatch(/noto-color-emoji-emoji-400-normal.*\.woff2/);
    expect(constructed[0]!.descriptors.unicodeRange).toContain('U+1f1e6-1f1ff');
    expect(constructed[0]!.descriptors.unicodeRange).not.toMatch(/U\+0*41[-,]/);
    expect(loads.map((l) => l.text)).toEqual(['margarita night 🍹', '🍋']);
  });
});
