import latinUrl from '@fontsource/tiktok-sans/files/tiktok-sans-latin-400-normal.woff2?url';
import latinExtUrl from '@fontsource/tiktok-sans/files/tiktok-sans-latin-ext-400-normal.woff2?url';
import { HOOK_FONT_FAMILY, HOOK_FONT_WEIGHT } from '#contract/hook-demo';

/** The same files the renderer draws with (HOOK_FONT_FILES), with @fontsource's ranges. */
const FACES = [
  {
    url: latinUrl,
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  {
    url: latinExtUrl,
    unicodeRange:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
];

let loading: Promise<void> | null = null;

/**
 * Loads TikTok Sans under the overlay's own family name once, so the live preview wraps the hook
 * as the render will. Canvas text does not wait for web fonts, so the overlay awaits this; a
 * failed load leaves the fallback face and is tried again next time.
 */
export const loadHookFont = (): Promise<void> => {
  loading ??= (async () => {
    if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) {
      return;
    }
    const faces = await Promise.all(
      FACES.map((face) =>
        new FontFace(HOOK_FONT_FAMILY, `url("${face.url}") format("woff2")`, {
          weight: String(HOOK_FONT_WEIGHT),
          style: 'normal',
          unicodeRange: face.unicodeRange,
        }).load(),
      ),
    );
    for (const face of faces) document.fonts.add(face);
  })().catch(() => {
    loading = null;
  });
  return loading;
};
