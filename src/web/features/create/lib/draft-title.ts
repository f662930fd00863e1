import type { TDraftSummary } from '#contract/drafts';

/**
 * docs/product/create.md rule 2: the caption, else the first slide text, else the hook, else
 * "Untitled".
 */
export const draftTitle = (draft: Pick<TDraftSummary, 'caption' | 'slides' | 'hook'>): string =>
  draft.caption?.trim() || draft.slides[0]?.text.trim() || draft.hook?.trim() || 'Untitled';

/** Slide images a carousel card cycles through (docs/product/create.md rule 2). */
export const draftSlideImages = (draft: Pick<TDraftSummary, 'slides'>): string[] =>
  draft.slides.map((s) => s.imageUrl?.trim() ?? '').filter((url) => url.length > 0);

const VIDEO_FILE = /\.(mp4|webm)(?:[?#]|$)/i;
export const isVideoUrl = (url: string) => VIDEO_FILE.test(url);

export const DRAFT_TYPE_LABEL = { carousel: 'Carousel', video: 'Video' } as const;

/** updatedAt as a local date-time; an unreadable date shows as it came. */
export const formatDraftDate = (iso: string, locale?: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
};
