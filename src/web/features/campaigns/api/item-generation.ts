import type { QueryClient } from '@tanstack/react-query';
import type { TCampaign } from '#contract/campaigns';
import { CAMPAIGN_PLAN_SLIDES } from '#contract/campaigns';
import type { TCampaignItemView } from '@/lib/campaign-items';
import { setCampaignItemInCache, updateCampaignItem } from '@/lib/campaign-items';
import { fillMissingImages, needsImages } from '../lib/fill-images';
import { planCaption, planSlides } from '../lib/plan-answer';
import {
  collectionImages,
  generateCarouselPlan,
  generateVideoHook,
  selectImageCollection,
} from './ai-calls';

/** Raised when the AI answered but gave nothing usable; its message is shown as it is. */
export class EmptyAnswerError extends Error {}

type Slide = { text: string; imageUrl?: string };

/** A collection's images for these slides: the one named, else the one the AI picks. */
const imagesFor = async (
  queryClient: QueryClient,
  slides: readonly Slide[],
  productId: string | null,
  named: string | null,
): Promise<string[]> => {
  const key =
    named ?? (await selectImageCollection({ slides: slides.map((s) => s.text), productId }));
  if (!key) return [];
  return collectionImages(queryClient, key);
};

/**
 * docs/product/campaigns.md rule 3: a carousel item without images gets a collection chosen by the
 * AI, its images shuffled onto the slides, and is patched. Null when nothing could be filled.
 */
export const fillItemImages = async (
  queryClient: QueryClient,
  item: TCampaignItemView,
): Promise<TCampaignItemView | null> => {
  if (!needsImages(item) || !item.carouselPlan) return null;
  const images = await imagesFor(queryClient, item.carouselPlan.slides, item.productId, null);
  if (images.length === 0) return null;
  const updated = await updateCampaignItem(item, {
    carouselPlan: { slides: fillMissingImages(item.carouselPlan.slides, images) },
  });
  setCampaignItemInCache(queryClient, updated);
  return updated;
};

/** "Generate Carousel": a 6-slide plan from the AI, its images, saved to the item. */
export const generateCarouselForItem = async (
  queryClient: QueryClient,
  item: TCampaignItemView,
  campaign: Pick<TCampaign, 'productId' | 'goal'>,
): Promise<TCampaignItemView> => {
  const productId = item.productId ?? campaign.productId;
  const answer = await generateCarouselPlan({
    productId,
    slides: CAMPAIGN_PLAN_SLIDES,
    ...(campaign.goal.trim() ? { prompt: campaign.goal.trim().slice(0, 1000) } : {}),
  });
  const slides = planSlides(answer);
  if (slides.length === 0)
    throw new EmptyAnswerError('AI returned no slide texts. Please try again.');
  const { caption, hashtags, collection } = planCaption(answer);
  let filled = slides;
  if (slides.some((s) => !s.imageUrl)) {
    // Slides without a picture are still worth saving: the images can be picked in the maker.
    const images = await imagesFor(queryClient, slides, productId, collection).catch(() => []);
    filled = fillMissingImages(slides, images);
  }
  const updated = await updateCampaignItem(item, {
    caption,
    hashtags,
    carouselPlan: { slides: filled },
    status: 'assets_ready',
  });
  setCampaignItemInCache(queryClient, updated);
  return updated;
};

/** "Generate Hook": a new hook, different from the campaign's others, saved to the item. */
export const generateHookForItem = async (
  queryClient: QueryClient,
  item: TCampaignItemView,
  campaign: Pick<TCampaign, 'productId'>,
  otherHooks: readonly string[],
): Promise<TCampaignItemView> => {
  const hook = (
    await generateVideoHook({
      productId: item.productId ?? campaign.productId,
      constraints: { exclude: otherHooks.slice(0, 200) },
    })
  ).trim();
  if (!hook) throw new EmptyAnswerError('No hook returned');
  const updated = await updateCampaignItem(item, { hook, status: 'assets_ready' });
  setCampaignItemInCache(queryClient, updated);
  return updated;
};
