import { randomInt } from 'node:crypto';
import type { TAiBrief, TImageCollectionRef } from '#contract/ai';
import { AI_HOOK_MAX_CHARS } from '#contract/ai';
import { CAMPAIGN_PLAN_SLIDES } from '#contract/campaigns';
import type { TCampaignItemType } from '#contract/campaigns';
import type { AiService } from '../ai';

/**
 * The angles a plan rotates through, so a week of posts does not say the same thing seven
 * times. Each is a line of direction for the writer; `type` is the format it suits best.
 */
export const STRATEGIES = [
  {
    key: 'problem_solution',
    type: 'carousel',
    direction: 'Problem → solution: name the pain, then show how the product fixes it.',
  },
  { key: 'demo', type: 'video', direction: 'Demo: show the product in use, step by step.' },
  {
    key: 'before_after',
    type: 'carousel',
    direction: 'Before / after: the life without the product, then with it.',
  },
  { key: 'listicle', type: 'carousel', direction: 'Listicle: reasons or tips, one per slide.' },
  {
    key: 'testimonial',
    type: 'video',
    direction: 'Testimonial: a happy customer telling what changed for them.',
  },
  {
    key: 'myth_buster',
    type: 'carousel',
    direction: 'Myth buster: a common belief, then the truth the product proves.',
  },
  {
    key: 'day_in_the_life',
    type: 'carousel',
    direction: 'Day in the life: where the product fits in a real day.',
  },
  {
    key: 'comparison',
    type: 'carousel',
    direction: 'Comparison: the usual way against this product, point by point.',
  },
] as const satisfies readonly { key: string; type: TCampaignItemType; direction: string }[];

export type PlannedItem = {
  slotIndex: number;
  type: TCampaignItemType;
  strategy: string;
  hook: string;
  caption: string;
  hashtags: string[];
  carouselPlan: { slides: { text: string; imageUrl?: string }[] } | null;
};

export type PlanDeps = {
  ai: Pick<AiService, 'generateVideoHook' | 'generateCarouselPlan' | 'selectImageCollection'>;
  listCollections: () => Promise<TImageCollectionRef[]>;
  collectionImages: (key: string) => Promise<string[]>;
};

type PlanInput = {
  product: { name: string; description: string };
  brief: TAiBrief;
  productPhotos: string[];
  goal: string;
  /** Hooks used lately for this product (campaign items), compared case-insensitively. */
  usedHooks: string[];
  /** The slots to fill (their indexes in the campaign). */
  slotIndexes: number[];
};

const shuffle = <T>(items: T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

const normal = (hook: string) => hook.trim().toLowerCase();

/**
 * Hooks for `count` items: the brief's first, skipping any used lately and any given twice;
 * when those run out, the writer is asked for more with everything used so far excluded.
 */
const pickHooks = async (
  ai: PlanDeps['ai'],
  input: PlanInput,
  count: number,
): Promise<string[]> => {
  const seen = new Set(input.usedHooks.map(normal));
  const picked: string[] = [];
  for (const hook of input.brief.hooks) {
    if (picked.length >= count) break;
    if (hook.length > AI_HOOK_MAX_CHARS || seen.has(normal(hook))) continue;
    seen.add(normal(hook));
    picked.push(hook);
  }
  for (let round = 0; picked.length < count && round < 20; round++) {
    const fresh = await ai
      .generateVideoHook({ product: input.product, constraints: { exclude: [...seen] } })
      .catch(() => null);
    const added = (fresh?.hooks ?? []).filter((h) => !seen.has(normal(h)));
    if (added.length === 0) break;
    for (const hook of added) {
      if (picked.length >= count) break;
      seen.add(normal(hook));
      picked.push(hook);
    }
  }
  // A product with too few distinct hooks repeats the oldest rather than leaving slots empty.
  for (let i = 0; picked.length < count && picked.length > 0; i++) picked.push(picked[i]!);
  return picked;
};

/**
 * Writes the items of a plan: varied strategies (rotating from a random start), a new hook
 * each, carousels of 6 slides with the hook first and images from the collection the AI
 * chose (the product's own photos on the slides where the product is shown), a caption and
 * hashtags steered by the campaign's goal.
 */
export const writePlan = async (deps: PlanDeps, input: PlanInput): Promise<PlannedItem[]> => {
  const hooks = await pickHooks(deps.ai, input, input.slotIndexes.length);
  const collections = await deps.listCollections();
  const imagesOf = new Map<string, string[]>();
  const images = async (key: string) => {
    if (!imagesOf.has(key)) imagesOf.set(key, shuffle(await deps.collectionImages(key)));
    return imagesOf.get(key)!;
  };
  const start = randomInt(STRATEGIES.length);
  const items: PlannedItem[] = [];
  for (const [n, slotIndex] of input.slotIndexes.entries()) {
    const strategy = STRATEGIES[(start + n) % STRATEGIES.length]!;
    const hook = hooks[n] ?? input.brief.hooks[0] ?? input.product.name;
    const plan = await deps.ai.generateCarouselPlan({
      product: input.product,
      slides: CAMPAIGN_PLAN_SLIDES,
      prompt: `${strategy.direction} Open with this hook: "${hook}"`,
      goal: input.goal,
      collections,
      productPhotos: input.productPhotos,
      variant: n,
    });
    const hashtags = plan.hashtags.length > 0 ? plan.hashtags : input.brief.hashtags;
    if (strategy.type === 'video') {
      items.push({
        slotIndex,
        type: 'video',
        strategy: strategy.key,
        hook,
        caption: plan.caption,
        hashtags,
        carouselPlan: null,
      });
      continue;
    }
    let key = plan.collection;
    if (!key && collections.length > 0) {
      key = (
        await deps.ai.selectImageCollection({
          slides: plan.slides.map((s) => s.text),
          product: input.product,
          collections,
        })
      ).key;
    }
    const pool = key ? await images(key) : [];
    // Images are dealt in turn from the shuffled collection, so neighbouring slides and items
    // differ; the product's own photos stay where the writer placed them.
    let dealt = n * CAMPAIGN_PLAN_SLIDES;
    const slides = plan.slides.map((slide, i) => {
      const text = i === 0 ? hook : slide.text;
      if (slide.imageUrl) return { text, imageUrl: slide.imageUrl };
      const imageUrl = pool.length > 0 ? pool[dealt++ % pool.length] : undefined;
      return imageUrl ? { text, imageUrl } : { text };
    });
    items.push({
      slotIndex,
      type: 'carousel',
      strategy: strategy.key,
      hook,
      caption: plan.caption,
      hashtags,
      carouselPlan: { slides },
    });
  }
  return items;
};
