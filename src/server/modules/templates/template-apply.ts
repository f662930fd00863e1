import type { TAiBrief } from '#contract/ai';
import type { TTemplateCharacter, TTemplatePreview } from '#contract/templates';
import type { AiService } from '../ai';
import {
  CHARACTER_TYPES,
  HOOK_FORMULA_SHAPES,
  OVERLAY_STYLES,
  PACINGS,
} from './catalogue/template-styles';
import type {
  CarouselTemplateDef,
  TemplateDef,
  VideoTemplateDef,
} from './catalogue/template-types';

/** The product a template is applied to, as the products module stores it. */
export type TemplateProduct = { id: string; name: string; description: string };

export type ApplyDeps = {
  ai: Pick<AiService, 'generateCarouselPlan' | 'generateVideoHook'>;
  /** The product's brief (stored while usable, otherwise written now). */
  briefOf: (product: TemplateProduct) => Promise<TAiBrief>;
  /** Image URLs of a library collection, in the library's order; [] when it is not there yet. */
  collectionImages: (key: string) => Promise<string[]>;
  /** The pre-made characters, in their catalogue order. */
  premadeCharacters: () => readonly TTemplateCharacter[];
};

/** FNV-1a: a stable spread of images per template and product, so Preview and Use agree. */
const spread = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

const productRef = (product: TemplateProduct | null) =>
  product ? { id: product.id, name: product.name } : null;

/** The first character of the template's type that exists, else the first character at all. */
export const characterFor = (
  def: VideoTemplateDef,
  characters: readonly TTemplateCharacter[],
): TTemplateCharacter | null => {
  for (const id of CHARACTER_TYPES[def.characterType]) {
    const found = characters.find((c) => c.id === id);
    if (found) return found;
  }
  return characters[0] ?? null;
};

/** The first hook of the list that has the template's formula's shape. */
export const hookOfFormula = (def: VideoTemplateDef, hooks: readonly string[]) =>
  hooks.find((h) => HOOK_FORMULA_SHAPES[def.hookFormula].test(h));

const applyCarousel = async (
  def: CarouselTemplateDef,
  product: TemplateProduct | null,
  deps: ApplyDeps,
): Promise<TTemplatePreview> => {
  const plan = product
    ? await deps.ai.generateCarouselPlan({
        product: { name: product.name, description: product.description },
        slides: def.slides.length,
        prompt: def.textPattern,
      })
    : null;
  const images = await deps.collectionImages(def.collection);
  const offset = images.length > 0 ? spread(`${def.id}:${product?.id ?? ''}`) % images.length : 0;
  return {
    type: 'carousel',
    templateId: def.id,
    product: productRef(product),
    slides: def.slides.map((role, i) => ({
      role,
      text: plan?.slides[i]?.text ?? def.example.slides[i] ?? '',
      imageUrl: images.length > 0 ? images[(offset + i) % images.length]! : null,
    })),
    caption: plan?.caption ?? def.example.caption,
    hashtags: plan?.hashtags ?? [...def.example.hashtags],
  };
};

const applyVideo = async (
  def: VideoTemplateDef,
  product: TemplateProduct | null,
  deps: ApplyDeps,
): Promise<TTemplatePreview> => {
  let hook = def.exampleHook;
  let hashtags = [...def.exampleHashtags];
  if (product) {
    const brief = await deps.briefOf(product);
    const found = hookOfFormula(def, brief.hooks);
    if (found) hook = found;
    else {
      // The brief holds about 20 hooks across formulas; ten more from the writer usually bring
      // one of this shape. Failing that, the brief's first hook is still this product's copy.
      // A short description may have no hook left beyond the brief's (the writer's 409): the
      // brief's first hook is still this product's copy, never the template's example.
      const more = await deps.ai
        .generateVideoHook({
          product: { name: product.name, description: product.description },
          constraints: { exclude: brief.hooks },
        })
        .catch(() => null);
      hook = hookOfFormula(def, more?.hooks ?? []) ?? brief.hooks[0] ?? more?.hook ?? hook;
    }
    if (brief.hashtags.length > 0) hashtags = brief.hashtags.slice(0, 6);
  }
  return {
    type: 'video',
    templateId: def.id,
    product: productRef(product),
    hook,
    character: characterFor(def, deps.premadeCharacters()),
    ...OVERLAY_STYLES[def.overlayStyle],
    ...PACINGS[def.pacing],
    hashtags,
  };
};

/**
 * The template filled in for a product: real copy from the AI layer (the carousel plan written
 * to the template's text pattern, or the product's hook of the template's formula), the
 * template's look, character, overlay and pacing. Without a product, the template's example.
 */
export const applyTemplate = (
  def: TemplateDef,
  product: TemplateProduct | null,
  deps: ApplyDeps,
): Promise<TTemplatePreview> =>
  def.type === 'carousel' ? applyCarousel(def, product, deps) : applyVideo(def, product, deps);
