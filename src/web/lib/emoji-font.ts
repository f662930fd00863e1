import ranges from '@fontsource/noto-color-emoji/unicode.json';
import subset0 from '@fontsource/noto-color-emoji/files/noto-color-emoji-0-400-normal.woff2?url';
import subset1 from '@fontsource/noto-color-emoji/files/noto-color-emoji-1-400-normal.woff2?url';
import subset2 from '@fontsource/noto-color-emoji/files/noto-color-emoji-2-400-normal.woff2?url';
import subset3 from '@fontsource/noto-color-emoji/files/noto-color-emoji-3-400-normal.woff2?url';
import subset4 from '@fontsource/noto-color-emoji/files/noto-color-emoji-4-400-normal.woff2?url';
import subset5 from '@fontsource/noto-color-emoji/files/noto-color-emoji-5-400-normal.woff2?url';
import subset6 from '@fontsource/noto-color-emoji/files/noto-color-emoji-6-400-normal.woff2?url';
import subset7 from '@fontsource/noto-color-emoji/files/noto-color-emoji-7-400-normal.woff2?url';
import subset8 from '@fontsource/noto-color-emoji/files/noto-color-emoji-8-400-normal.woff2?url';
import subset9 from '@fontsource/noto-color-emoji/files/noto-color-emoji-9-400-normal.woff2?url';
import subset10 from '@fontsource/noto-color-emoji/files/noto-color-emoji-10-400-normal.woff2?url';
import { EMOJI_FONT_FAMILY } from '#contract/emoji-font';

// The subsets of the font the server registers whole (decision 130): the browser fetches only
// the ones a text uses, by unicode-range. Keys of unicode.json are "[0]" … "[10]".
const FILES = [
  subset0,
  subset1,
  subset2,
  subset3,
  subset4,
  subset5,
  subset6,
  subset7,
  subset8,
  subset9,
  subset10,
];

const FACES = Object.entries(ranges as Record<string, string>).flatMap(([key, unicodeRange]) => {
  const url = FILES[Number(/^\[(\d+)\]$/.exec(key)?.[1] ?? -1)];
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
