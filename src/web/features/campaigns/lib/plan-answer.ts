import { CAROUSEL_MAX_SLIDES, slideText } from '#contract/ai';

type AnySlide = Parameters<typeof slideText>[0];

const rawSlides = (answer: unknown): AnySlide[] => {
  const record = (answer ?? {}) as { slides?: unknown; data?: { slides?: unknown } };
  const raw = Array.isArray(record.slides)
    ? record.slides
    : Array.isArray(record.data?.slides)
      ? record.data.slides
      : [];
  return raw.filter(
    (s): s is AnySlide => typeof s === 'string' || (typeof s === 'object' && s !== null),
  );
};

/**
 * A generate-carousel-plan answer read as docs/product/carousels.md rule 2 allows: `slides` or
 * `data.slides`, each a string or an object with text/content/body/title (and the product photo the
 * server may put on a slide). Blank slides are dropped; at most 8 kept.
 */
export const planSlides = (answer: unknown): { text: string; imageUrl?: string }[] =>
  rawSlides(answer)
    .map((s) => {
      const url = typeof s === 'object' ? (s as { imageUrl?: unknown }).imageUrl : undefined;
      const text = slideText(s).trim();
      return typeof url === 'string' && url ? { text, imageUrl: url } : { text };
    })
    .filter((s) => s.text.length > 0)
    .slice(0, CAROUSEL_MAX_SLIDES);

export const planCaption = (answer: unknown) => {
  const record = (answer ?? {}) as { caption?: unknown; hashtags?: unknown; collection?: unknown };
  return {
    caption: typeof record.caption === 'string' ? record.caption : '',
    hashtags: Array.isArray(record.hashtags)
      ? record.hashtags.filter((h): h is string => typeof h === 'string' && h.trim().length > 0)
      : [],
    collection:
      typeof record.collection === 'string' && record.collection.trim()
        ? record.collection.trim()
        : null,
  };
};
