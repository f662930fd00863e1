import latinUrl from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import latinExtUrl from '@fontsource/inter/files/inter-latin-ext-700-normal.woff2?url';
import { SLIDE_FONT_FACES, SLIDE_FONT_WEIGHT } from '#contract/slide-layout';

/** The bundled copies of the files the server registers (SLIDE_FONT_FACES). */
const FONT_URLS: Record<(typeof SLIDE_FONT_FACES)[number]['file'], string> = {
  'inter-latin-700-normal.woff2': latinUrl,
  'inter-latin-ext-700-normal.woff2': latinExtUrl,
};

let loading: Promise<void> | null = null;

/**
 * Loads the slide font into document.fonts once. Canvas text does not wait for web fonts, so
 * every draw awaits this first. A failed load leaves the system font to draw (a slide in
 * another face beats no slide) and is tried again on the next call.
 */
export const loadSlideFont = (): Promise<void> => {
  loading ??= (async () => {
    if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) {
      return;
    }
    const faces = await Promise.all(
      SLIDE_FONT_FACES.map((face) =>
        new FontFace(face.family, `url("${FONT_URLS[face.file]}") format("woff2")`, {
          weight: String(SLIDE_FONT_WEIGHT),
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
