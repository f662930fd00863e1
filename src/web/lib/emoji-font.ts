import ranges from '@fontsource/noto-color-emoji/unicode.json';
import fontUrl from '@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff2?url';
import { EMOJI_FONT_FAMILY } from '#contract/emoji-font';

/**
 * The emoji the font covers: every subset's unicode-range, joined. The browser fetches the font
 * only when a text has one of them (docs/decisions/130, 196).
 */
const UNICODE_RANGE = Object.values(ranges as Record<string, string>).join(', ');

let added = false;

/**
 * Adds the colour emoji font to document.fonts once: the package's complete file, the one the
 * server registers (docs/decisions/130). Its subset files hold the same glyphs but Chromium draws
 * none of them, on a canvas or in the page (docs/decisions/196). The face loads lazily, when a
 * text needs one of its characters; `ensureEmojiFor` waits for it before a canvas draws, because
 * canvas text does not wait for web fonts. The app adds it as it starts, so the page's own text
 * (the hook field, a caption, a draft's title) falls back to it on a machine with no emoji font
 * of its own, where emoji were empty boxes (`--font-sans` in styles.css names it last).
 */
export const registerEmojiFont = () => {
  if (added || typeof FontFace === 'undefined' || typeof document === 'undefined') return;
  if (!document.fonts) return;
  document.fonts.add(
    new FontFace(EMOJI_FONT_FAMILY, `url("${fontUrl}") format("woff2")`, {
      weight: '400',
      style: 'normal',
      unicodeRange: UNICODE_RANGE,
    }),
  );
  added = true;
};

/** Loads the emoji face when `text` needs it (not for text without emoji); never rejects. */
export const ensureEmojiFor = async (text: string): Promise<void> => {
  registerEmojiFont();
  if (!added) return;
  try {
    await document.fonts.load(`400 16px "${EMOJI_FONT_FAMILY}"`, text);
  } catch {
    // A face that fails to load leaves the browser's own emoji font to draw.
  }
};
