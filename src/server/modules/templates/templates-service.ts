import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { TAiBrief } from '#contract/ai';
import { PLANS } from '#contract/plans';
import type {
  TTemplate,
  TTemplatePreview,
  TUseTemplateResponse,
  ZPreviewTemplateRequest,
  ZUseTemplateRequest,
} from '#contract/templates';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { createUserPlans } from '../billing';
import type { DraftsService } from '../drafts';
import type { FairUse } from '../ai';
import { findTemplateDef, TEMPLATE_CATALOGUE } from './catalogue/template-catalogue';
import type { TemplateDef } from './catalogue/template-types';
import type { ApplyDeps, TemplateProduct } from './template-apply';
import { applyTemplate } from './template-apply';
import { templateThumbnailUrl } from './template-thumbnails';
import { claimUse, countUse, findUse, readUsageCount, readUsageCounts } from './templates-repo';

/** A product row as far as templates read it. */
export type TemplateProductRow = TemplateProduct;

/** What templates need of the products module, passed in by the composition root. */
export type TemplateProductSource<P extends TemplateProductRow> = {
  /** The user's own product; 404 otherwise. */
  requireOwn: (userId: string, id: string) => Promise<P>;
  /** The user's default product, or undefined when they have none. */
  defaultOf: (userId: string) => Promise<P | undefined>;
  /** Its stored brief while usable, otherwise a newly written one. */
  briefOf: (product: P) => Promise<TAiBrief>;
};

type Options<P extends TemplateProductRow> = {
  db: Database;
  products: TemplateProductSource<P>;
  ai: ApplyDeps['ai'];
  fairUse: FairUse;
  drafts: Pick<DraftsService, 'get' | 'insertIn'>;
  collectionImages: ApplyDeps['collectionImages'];
  premadeCharacters: ApplyDeps['premadeCharacters'];
};

/** Preview and Use of the same template on an unchanged product reuse one fill for this long. */
const FILL_TTL_MS = 60 * 60 * 1000;

const toTemplate = (def: TemplateDef, usageCount: number): TTemplate => ({
  id: def.id,
  name: def.name,
  description: def.description,
  category: def.category,
  type: def.type,
  thumbnailUrl: templateThumbnailUrl(def.id),
  isPremium: def.isPremium,
  usageCount,
});

const draftRowOf = (userId: string, draftId: string, fill: TTemplatePreview) => {
  const common = {
    id: draftId,
    userId,
    productId: fill.product?.id ?? null,
    hashtags: fill.hashtags,
    status: 'draft',
  };
  if (fill.type === 'carousel') {
    return {
      ...common,
      type: 'carousel' as const,
      caption: fill.caption,
      carouselPlan: {
        slides: fill.slides.map((s) =>
          s.imageUrl ? { text: s.text, imageUrl: s.imageUrl } : { text: s.text },
        ),
      },
      assets: { templateId: fill.templateId },
    };
  }
  // The draft's video assets: the Hook + Demo editor reads these; the product video is the user's
  // to add.
  return {
    ...common,
    type: 'video' as const,
    hook: fill.hook,
    assets: {
      selectedCharacter: fill.character?.url ?? null,
      selectedCharacterId: fill.character?.id ?? null,
      productVideos: [],
      ugcMediaType: 'premade',
      textFontScale: fill.textFontScale,
      textYOffset: fill.textYOffset,
      ugcDurationSec: fill.ugcDurationSec,
      productDurationSec: fill.productDurationSec,
      templateId: fill.templateId,
    },
  };
};

export const createTemplatesService = <P extends TemplateProductRow>({
  db,
  products,
  ai,
  fairUse,
  drafts,
  collectionImages,
  premadeCharacters,
}: Options<P>) => {
  const fills = new LRUCache<string, Promise<TTemplatePreview>>({ max: 5000, ttl: FILL_TTL_MS });

  const requireDef = (id: string) => {
    const def = findTemplateDef(id);
    if (!def) throw notFound('Template not found');
    return def;
  };

  const resolveProduct = async (userId: string, productId: string | null | undefined) =>
    productId
      ? products.requireOwn(userId, productId)
      : ((await products.defaultOf(userId)) ?? null);

  /**
   * The template applied to the product. Writing copy takes one unit of the daily AI allowance,
   * so a fill is kept for an hour per user, template and product text: Preview then Use costs
   * one unit, and Use saves exactly what the Preview showed.
   */
  const fill = (userId: string, def: TemplateDef, product: P | null): Promise<TTemplatePreview> => {
    const deps: ApplyDeps = {
      ai,
      briefOf: (p) => products.briefOf(p as P),
      collectionImages,
      premadeCharacters,
    };
    if (!product) return applyTemplate(def, null, deps);
    // The product's own words drive the copy. Not its timestamps: the first fill may write the
    // brief, which moves them, and the Use after a Preview must still find this fill.
    const key = [userId, def.id, product.id, product.name, product.description].join('\u0000');
    const cached = fills.get(key);
    if (cached) return cached;
    const running = fairUse.run(userId, () => applyTemplate(def, product, deps));
    fills.set(key, running);
    running.catch(() => fills.delete(key));
    return running;
  };

  /** Decision 042: Pro templates come with every paid plan; free gets the upgrade dialog. */
  const assertMayUse = async (userId: string, def: TemplateDef) => {
    if (!def.isPremium) return;
    const { plan } = await createUserPlans(db).of(userId);
    if (PLANS[plan].key === 'free') {
      throw new AppError(
        'premium_template',
        `“${def.name}” is a Pro template. Upgrade to any paid plan to use it.`,
      );
    }
  };

  const answerFor = async (
    userId: string,
    def: TemplateDef,
    use: { templateId: string; draftId: string },
  ): Promise<TUseTemplateResponse> => {
    if (use.templateId !== def.id) {
      throw new AppError(
        'validation_error',
        'idempotencyKey: this key was already used for another template; send a new one',
        { field: 'idempotencyKey' },
      );
    }
    return {
      draft: await drafts.get(userId, use.draftId),
      template: toTemplate(def, await readUsageCount(db, def.id)),
    };
  };

  return {
    list: async (): Promise<{ templates: TTemplate[] }> => {
      const counts = await readUsageCounts(db);
      return {
        templates: TEMPLATE_CATALOGUE.map((def) => toTemplate(def, counts.get(def.id) ?? 0)),
      };
    },

    preview: async (
      userId: string,
      id: string,
      input: z.output<typeof ZPreviewTemplateRequest>,
    ): Promise<TTemplatePreview> => {
      const def = requireDef(id);
      return fill(userId, def, await resolveProduct(userId, input.productId));
    },

    /**
     * A draft of the template applied to the product, counted as one use. The idempotency key
     * makes a repeated request answer with the same draft without counting again (decision 043).
     */
    use: async (
      userId: string,
      id: string,
      input: z.output<typeof ZUseTemplateRequest>,
    ): Promise<TUseTemplateResponse> => {
      const def = requireDef(id);
      await assertMayUse(userId, def);
      const key = input.idempotencyKey ?? randomUUID();
      const earlier = await findUse(db, userId, key);
      if (earlier) return answerFor(userId, def, earlier);

      const filled = await fill(userId, def, await resolveProduct(userId, input.productId));
      const draftId = randomUUID();
      const claimed = await db.transaction(async (tx) => {
        if (!(await claimUse(tx, { userId, idempotencyKey: key, templateId: def.id, draftId }))) {
          return false;
        }
        await drafts.insertIn(tx, draftRowOf(userId, draftId, filled));
        await countUse(tx, def.id);
        return true;
      });
      if (claimed) return answerFor(userId, def, { templateId: def.id, draftId });
      // Another request with this key won the race; its draft is the answer.
      const winner = await findUse(db, userId, key);
      if (!winner) throw new AppError('internal_error', 'The template use vanished');
      return answerFor(userId, def, winner);
    },
  };
};

export type TemplatesService = ReturnType<typeof createTemplatesService>;
