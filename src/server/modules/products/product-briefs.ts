import { randomInt } from 'node:crypto';
import type { TStoredAiBrief } from '#contract/products';
import { ZStoredAiBrief } from '#contract/products';
import { needsReanalysis } from '#contract/hook-rules';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import type { AiService } from '../ai';
import { requireOwnProduct } from './own-product';
import type { ProductRow } from './products-repo';
import { findDefaultProduct, findProduct, saveProductBrief } from './products-repo';

/** As long as the product's own image links last (products-service.ts signs them alike). */
const PRODUCT_PHOTO_URL_TTL = 60 * 60 * 24;

/** The stored brief as the API shows it, or null when there is none or it is unreadable. */
export const storedBriefOf = (row: ProductRow): TStoredAiBrief | null => {
  if (!row.aiBrief) return null;
  const parsed = ZStoredAiBrief.safeParse(row.aiBrief);
  return parsed.success ? parsed.data : null;
};

/**
 * A stored brief that docs/product/products.md rule 3 accepts as it is (enough hooks, about this
 * product).
 */
export const usableBriefOf = (row: ProductRow): TStoredAiBrief | null => {
  const brief = storedBriefOf(row);
  return brief && !needsReanalysis(brief, row) ? brief : null;
};

/**
 * Writing and storing a product's AI brief, shared by the analyze route, the AI routes and the
 * job; also what the AI routes need of a product (they get it injected, so ai never imports
 * products).
 */
export const createProductBriefs = ({
  db,
  ai,
  storage,
}: {
  db: Database;
  ai: AiService;
  /** Signs the product's photo links for AI Suggest; without it plans carry no photos. */
  storage?: Pick<Storage, 'signedUrl'>;
}) => {
  const write = async (row: ProductRow) => {
    // The first brief of a product is the writer's default; a rewrite asks for another one, or
    // the deterministic local writer would hand back the very brief being replaced.
    const seed = row.aiBrief ? randomInt(1, 2 ** 31 - 1) : 0;
    const brief = await ai.analyzeProduct(
      { name: row.name, description: row.description },
      { seed },
    );
    // brandVoice follows the brief until it holds something else (nothing sets it apart today).
    const previousVoice = storedBriefOf(row)?.voice;
    const brandVoice =
      row.brandVoice === null || row.brandVoice === previousVoice
        ? brief.voice.trim() || null
        : row.brandVoice;
    await saveProductBrief(db, row.userId, row.id, {
      aiBrief: brief,
      brandVoice,
      analyzedAt: new Date(),
    });
    return brief;
  };

  return {
    write,

    requireOwn: (userId: string, id: string) => requireOwnProduct(db, userId, id),

    /** The user's default product (else the first made), or undefined when there is none. */
    defaultOf: (userId: string) => findDefaultProduct(db, userId),

    /** Links to the product's own photos in upload order, for the slides the product is on. */
    photoUrls: async (row: ProductRow): Promise<string[]> =>
      storage
        ? Promise.all(
            row.images.map((image) => storage.signedUrl(image.key, PRODUCT_PHOTO_URL_TTL)),
          )
        : [],

    /**
     * The stored brief while docs/product/products.md rule 3 accepts it, otherwise a newly written
     * one.
     */
    usableOrWrite: async (row: ProductRow) => usableBriefOf(row) ?? (await write(row)),

    /** The analysis started on creation: skipped when the product is gone or already analysed. */
    analyzeInBackground: async ({ userId, productId }: { userId: string; productId: string }) => {
      const row = await findProduct(db, userId, productId);
      if (!row || usableBriefOf(row)) return;
      await write(row);
    },
  };
};

export type ProductBriefs = ReturnType<typeof createProductBriefs>;
