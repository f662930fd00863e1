import ranges from '@fontsource/noto-color-emoji/unicode.json';
import { EMOJI_FONT_FAMILY } from '#contract/emoji-font';

// The subsets of the font the server registers whole (decision 130): the browser fetches only
// the ones a text uses, by unicode-range. Keys of unicode.json are "[0]" … "[10]".
const files = import.meta.glob<string>(
  '/node_modules/@fontsource/noto-color-emoji/files/noto-color-emoji-*-400-normal.woff2',
  { query: '?url', import: 'default', eager: true },
);

const FACES = Object.entries(ranges as Record<string, string>).flatMap(([key, unicodeRange]) => {
  const subset = /^\[(\d+)\]$/.exec(key)?.[1];
  const url =
    subset === undefined
      ? undefined
      : files[
          `/node_modules/@fontsource/noto-color-emoji/files/noto-color-emoji-${subset}-400-normal.woff2`
        ];
  return url ? [{ url, unicodeRange }] : [];
});

let added = false;

/**
 * Adds the colour emoji font to document.fonts once. Its faces load lazily, when a text needs
 * one of their characters; `ensureEmojiFor` waits for those before a canvas draws, because
 * canvas text does not wait for web fonts.
 */
const addEmojiFaces = () => {
  if (added || typeof FontFace === 'undefined' || typeof document === 'undefined') return;
  if (!document.fonts) return;
  for (const face of FACES) {
    document.fonts.add(
      new FontFace(EMOJI_FONT_FAMILY, `url("${face.url}") format("woff2")`, {
        weight: '400',
        style: 'normal',
        unicodeRange: face.unicodeRange,
      }),
    );
  }
  added = true;
};

/** Loads the emoji faces `text` needs (none for text without emoji); never rejects. */
export const ensureEmojiFor = async (text: string): Promise<void> => {
  addEmojiFaces();
  if (!added) return;
  try {
    await document.fonts.load(`400 16px "${EMOJI_FONT_FAMILY}"`, text);
  } catch {
    // A face that fails to load leaves the browser's own emoji font to draw.
  }
};

/** The faces the emoji font is made of, for tests. */
export const emojiFontFaceCount = () => FACES.length;
