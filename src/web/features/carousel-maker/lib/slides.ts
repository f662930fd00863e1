import { CAROUSEL_MAX_SLIDES, clampSlideCount, slideText } from '#contract/ai';
import type { TDraft, TPatchDraftRequest } from '#contract/drafts';

/** A slide of the Carousel Maker (docs/product/carousels.md rule 1). */
export type Slide = { id: string; text: string; imageUrl?: string };

/** docs/product/carousels.md rule 1: the first slide of a new carousel. */
export const defaultSlide = (imageUrl?: string): Slide => ({
  id: '1',
  text: 'Slide 1',
  ...(imageUrl ? { imageUrl } : {}),
});

/** An id not used by any slide (ids are small integers as strings, like the default "1"). */
export const nextSlideId = (slides: readonly Slide[]): string => {
  const max = slides.reduce((m, s) => Math.max(m, Number.parseInt(s.id, 10) || 0), 0);
  return String(max + 1);
};

/**
 * docs/product/carousels.md rule 2: the AI is asked for the current slide count, clamped to 3–8
 * (default 6).
 */
export const requestedSlideCount = (slides: readonly Slide[] | undefined) =>
  clampSlideCount(slides?.length);

// Shared with the campaign flows, which fill a plan's slides the same way.
export { assignImagesCyclically, shuffle } from '@/lib/assign-images';

type PlanSlide = Parameters<typeof slideText>[0];

/**
 * Slide texts from a plan answer (docs/product/carousels.md rule 2): `slides` or `data.slides`,
 * each a string or an object with text/content/body/title. Blank texts are dropped; at most 8 are
 * kept.
 */
export const planSlideTexts = (answer: unknown): string[] => {
  const record = (answer ?? {}) as { slides?: unknown; data?: { slides?: unknown } };
  const raw = Array.isArray(record.slides)
    ? record.slides
    : Array.isArray(record.data?.slides)
      ? record.data.slides
      : [];
  return raw
    .filter((s): s is PlanSlide => typeof s === 'string' || (typeof s === 'object' && s !== null))
    .map((s) => slideText(s).trim())
    .filter((t) => t.length > 0)
    .slice(0, CAROUSEL_MAX_SLIDES);
};

/**
 * The seller's own photos the plan puts on its slides (reveal, demo, call to action), by the same
 * slide order as `planSlideTexts`; undefined where the slide takes a collection image.
 */
export const planSlidePhotos = (answer: unknown): (string | undefined)[] => {
  const record = (answer ?? {}) as { slides?: unknown };
  const raw = Array.isArray(record.slides) ? record.slides : [];
  return raw
    .filter((s): s is PlanSlide => typeof s === 'string' || (typeof s === 'object' && s !== null))
    .filter((s) => slideText(s).trim().length > 0)
    .map((s) => {
      const url = typeof s === 'object' ? (s as { imageUrl?: unknown }).imageUrl : undefined;
      return typeof url === 'string' && url ? url : undefined;
    })
    .slice(0, CAROUSEL_MAX_SLIDES);
};

/** The plan's product photos over whatever image a slide had (docs/product/carousels.md rule 2). */
export const withPlanPhotos = (
  slides: readonly Slide[],
  photos: readonly (string | undefined)[],
): Slide[] => slides.map((slide, i) => (photos[i] ? { ...slide, imageUrl: photos[i] } : slide));

/** New slides carrying the plan's texts; a slide keeps its place's id and image when it had one. */
export const applyPlanTexts = (slides: readonly Slide[], texts: readonly string[]): Slide[] =>
  texts.map((text, i) => {
    const previous = slides[i];
    return previous ? { ...previous, text } : { id: String(i + 1), text };
  });

/** Re-numbers ids so a plan that grows the list never repeats one. */
export const withUniqueIds = (slides: readonly Slide[]): Slide[] => {
  const seen = new Set<string>();
  let next = Number.parseInt(nextSlideId(slides), 10);
  return slides.map((s) => {
    if (!seen.has(s.id)) {
      seen.add(s.id);
      return s;
    }
    const id = String(next++);
    seen.add(id);
    return { ...s, id };
  });
};

/** Hashtags as a seller posts them: "#tag", no duplicates of what the caption already says. */
export const captionWithHashtags = (caption: string, hashtags: readonly string[]) => {
  const text = caption.trim();
  const present = new Set((text.match(/#[\p{L}\p{N}_]+/gu) ?? []).map((tag) => tag.toLowerCase()));
  const tags: string[] = [];
  for (const raw of hashtags) {
    const word = raw.trim().replace(/^#+/, '').replace(/\s+/g, '');
    if (!word) continue;
    const tag = `#${word}`;
    if (present.has(tag.toLowerCase())) continue;
    present.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length === 0) return text;
  return text ? `${text}\n\n${tags.join(' ')}` : tags.join(' ');
};

export type CarouselEditorState = {
  slides: Slide[];
  productId: string;
  description: string;
  hashtags: string[];
};

/**
 * docs/product/carousels.md rule 4: the PATCH body; slides whose trimmed text is empty are left
 * out.
 */
export const toDraftPatch = (state: CarouselEditorState): TPatchDraftRequest => ({
  carouselPlan: {
    slides: state.slides
      .filter((s) => s.text.trim().length > 0)
      .map((s) => ({ text: s.text, ...(s.imageUrl ? { imageUrl: s.imageUrl } : {}) })),
  },
  caption: state.description,
  productId: state.productId || null,
  hashtags: state.hashtags,
});

/** The editor state a saved draft reopens with; null when the draft holds no slides yet. */
export const editorStateFromDraft = (
  draft: Pick<TDraft, 'carouselPlan' | 'caption' | 'productId' | 'hashtags'>,
): CarouselEditorState | null => {
  const saved = draft.carouselPlan?.slides ?? [];
  const hasContent = saved.length > 0 || Boolean(draft.caption?.trim()) || Boolean(draft.productId);
  if (!hasContent) return null;
  return {
    slides:
      saved.length > 0
        ? saved.map((s, i) => ({
            id: String(i + 1),
            text: s.text,
            ...(s.imageUrl ? { imageUrl: s.imageUrl } : {}),
          }))
        : [defaultSlide()],
    productId: draft.productId ?? '',
    description: draft.caption ?? '',
    hashtags: draft.hashtags,
  };
};

/** Caption and hashtags of a plan answer, read leniently like its slides. */
export const planCaption = (answer: unknown): { caption: string; hashtags: string[] } => {
  const record = (answer ?? {}) as { caption?: unknown; hashtags?: unknown };
  return {
    caption: typeof record.caption === 'string' ? record.caption : '',
    hashtags: Array.isArray(record.hashtags)
      ? record.hashtags.filter((h): h is string => typeof h === 'string' && h.trim().length > 0)
      : [],
  };
};

/** The plan's own collection key, when it named one. */
export const planCollection = (answer: unknown): string | null => {
  const key = (answer as { collection?: unknown } | null)?.collection;
  return typeof key === 'string' && key.trim() ? key.trim() : null;
};

/** Moves the slide `activeId` to where `overId` is (dnd-kit's drop); unknown ids change nothing. */
export const moveSlide = (slides: readonly Slide[], activeId: string, overId: string): Slide[] => {
  const from = slides.findIndex((s) => s.id === activeId);
  const to = slides.findIndex((s) => s.id === overId);
  if (from < 0 || to < 0 || from === to) return [...slides];
  const next = [...slides];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
};
