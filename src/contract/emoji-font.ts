/**
 * The colour emoji font every hook and slide text is drawn with (decision 130): Noto Color Emoji
 * from @fontsource/noto-color-emoji, so the server's Skia and the browser draw the same glyphs
 * whatever the machine has installed. It is registered under a name of our own, so an installed
 * "Noto Color Emoji" of another version is never picked instead.
 */
export const EMOJI_FONT_FAMILY = 'Hookreel Emoji';

/**
 * The file holding every emoji, which the server registers. The browser loads the same font's
 * subsets instead (only those a text needs, by unicode-range); they hold the same glyphs.
 */
export const EMOJI_FONT_FILE = 'noto-color-emoji-emoji-400-normal.woff2';
