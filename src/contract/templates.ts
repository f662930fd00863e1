import { z } from 'zod';
import { ZDraft, ZDraftType } from './drafts';

/**
 * docs/product/templates.md rule 1: a template shows the "Popular" badge when usageCount exceeds
 * this.
 */
export const TEMPLATE_POPULAR_ABOVE = 1000;

/** Where template thumbnails are served from (stable: a card may be cached for long). */
export const TEMPLATE_MEDIA_PREFIX = '/media/templates/';

/** A template of the catalogue (docs/product/templates.md rule 1). */
export const ZTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  type: ZDraftType,
  /** A JPEG drawn by the product's own renderers, under /media/templates/. */
  thumbnailUrl: z.string(),
  isPremium: z.boolean(),
  /** Drafts made from this template by every user ("Use"), each counted once. */
  usageCount: z.number().int().nonnegative(),
});
export type TTemplate = z.infer<typeof ZTemplate>;

/** GET /api/templates: the whole catalogue, in catalogue order. */
export const ZListTemplatesResponse = z.object({ templates: z.array(ZTemplate) });
export type TListTemplatesResponse = z.infer<typeof ZListTemplatesResponse>;

export const ZTemplateParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The product a template is applied to; absent or null means the user's default product (or,
 * without any product, the template's own example copy).
 */
const ZProductChoice = z.string().min(1).max(200).nullable().optional();

export const ZPreviewTemplateRequest = z.object({ productId: ZProductChoice }).strict();
export type TPreviewTemplateRequest = z.input<typeof ZPreviewTemplateRequest>;

export const ZUseTemplateRequest = z
  .object({
    productId: ZProductChoice,
    /**
     * One per click of "Use": the same key answers with the same draft and counts one use,
     * however often the request is sent again (a double click, a retry after a dropped answer).
     */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, { message: 'Use 8-100 letters, digits, "-" or "_"' })
      .optional(),
  })
  .strict();
export type TUseTemplateRequest = z.input<typeof ZUseTemplateRequest>;

const ZPreviewProduct = z.object({ id: z.string(), name: z.string() }).nullable();

export const ZTemplateSlidePreview = z.object({
  /** What this slide does in the template (hook, problem, proof, call to action…). */
  role: z.string(),
  text: z.string(),
  /** An image of the template's collection; null while the image library is not there yet. */
  imageUrl: z.string().nullable(),
});

export const ZTemplateCharacter = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  kind: z.enum(['video', 'image']),
  /** Where the face is (see ZPremadeCharacter.faceBox); the hook keeps clear of it. */
  faceBox: z
    .object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() })
    .nullable()
    .optional(),
});
export type TTemplateCharacter = z.infer<typeof ZTemplateCharacter>;

/** The template applied to a product: what Use saves as the draft, without saving it. */
export const ZTemplatePreview = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('carousel'),
    templateId: z.string(),
    product: ZPreviewProduct,
    slides: z.array(ZTemplateSlidePreview),
    caption: z.string(),
    hashtags: z.array(z.string()),
  }),
  z.object({
    type: z.literal('video'),
    templateId: z.string(),
    product: ZPreviewProduct,
    hook: z.string(),
    /** Null only while the pre-made characters are not there yet. */
    character: ZTemplateCharacter.nullable(),
    textFontScale: z.number(),
    textYOffset: z.number(),
    ugcDurationSec: z.number(),
    productDurationSec: z.number(),
    hashtags: z.array(z.string()),
  }),
]);
export type TTemplatePreview = z.infer<typeof ZTemplatePreview>;

export const ZUseTemplateResponse = z.object({
  draft: ZDraft,
  /** The template with its usage count after this use. */
  template: ZTemplate,
});
export type TUseTemplateResponse = z.infer<typeof ZUseTemplateResponse>;

/** The editor a draft of this type opens in (docs/product/create.md rule 1). */
export const templateEditorPath = (draft: { id: string; type: 'carousel' | 'video' }) =>
  `/create?draftId=${encodeURIComponent(draft.id)}&type=${draft.type}`;
