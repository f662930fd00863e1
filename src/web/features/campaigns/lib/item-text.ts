import type { TCampaignItemView } from '@/lib/campaign-items';

/** "Carousel" / "Video". */
export const typeLabel = (type: TCampaignItemView['type']) =>
  type === 'carousel' ? 'Carousel' : 'Video';

/** "problem_solution" → "problem solution". */
export const strategyLabel = (strategy: string | null) =>
  (strategy ?? '').replace(/[_-]+/g, ' ').trim() || 'post';

/** What an item says, for its chip and its row: the hook, else the first slide, else the caption. */
export const itemTitle = (item: TCampaignItemView) =>
  item.hook?.trim() ||
  item.carouselPlan?.slides.find((s) => s.text.trim())?.text.trim() ||
  item.caption?.trim() ||
  'Untitled';

/**
 * docs/product/campaigns.md rule 1: the link that opens an item in its editor and comes back here.
 */
export const editorHref = (
  item: Pick<TCampaignItemView, 'id' | 'type'>,
  returnTo = '/campaigns',
) => {
  // Slashes stay readable ("return=/campaigns"); "?", "&" and "=" of a longer return are encoded.
  const back = encodeURIComponent(returnTo).replace(/%2F/gi, '/');
  return `/create?draftItem=${encodeURIComponent(item.id)}&type=${item.type}&return=${back}`;
};

/** docs/product/campaigns.md rule 1: a chip previews up to 4 slide images. */
export const previewImages = (item: TCampaignItemView) =>
  (item.carouselPlan?.slides ?? [])
    .map((s) => s.imageUrl)
    .filter((u): u is string => Boolean(u))
    .slice(0, 4);

/** The item's clip or picture: its character (an image, or an .mp4/.webm clip). */
export const itemMedia = (item: TCampaignItemView): { url: string; video: boolean } | null => {
  const url = item.assets.selectedCharacter;
  if (typeof url !== 'string' || !url) return null;
  return { url, video: /\.(mp4|webm)(\?|#|$)/i.test(url) };
};

export const thumbnailOf = (item: TCampaignItemView) => {
  const image = previewImages(item)[0];
  if (image) return { url: image, video: false };
  return itemMedia(item);
};
