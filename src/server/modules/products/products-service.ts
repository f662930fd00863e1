import { randomUUID } from 'node:crypto';
import type {
  TAnalyzeProductResponse,
  TCreateProductRequest,
  TProduct,
  TUploadProductImagesResponse,
} from '#contract/products';
import { PRODUCT_MAX_IMAGES } from '#contract/products';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import type { ProductImage } from '../../db/schema';
import { notFound } from '../../errors';
import type { AnalyzeProductPayload } from './analyze-product-job';
import type { FairUse } from '../ai';
import { createPlanLimits } from '../billing';
import type { ConvertedImage, ImageFile } from '../uploads';
import { decodeUpload, toThumbnail, toWebJpeg } from '../uploads';
import { productNotFound, requireOwnProduct } from './own-product';
import type { ProductBriefs } from './product-briefs';
import { storedBriefOf, usableBriefOf } from './product-briefs';
import type { ProductRow } from './products-repo';
import {
  countProducts,
  insertProduct,
  listProducts,
  lockProduct,
  lockUser,
  setProductImages,
} from './products-repo';

/** Longest side of a stored product image, and of its thumbnail. */
const IMAGE_MAX_SIDE = 1600;
const THUMB_MAX_SIDE = 320;
/** The web keeps the product list without refetching, so its image links must outlive a session. */
const IMAGE_URL_TTL = 60 * 60 * 24;

type Options = {
  db: Database;
  storage: Storage;
  briefs: ProductBriefs;
  fairUse: FairUse;
  /** Starts the background analysis of a new product. */
  enqueueAnalysis: (payload: AnalyzeProductPayload) => Promise<void>;
  /** Whether the analysis that creating this product started is still queued or running. */
  analysisPending: (productId: string) => Promise<boolean>;
  log: (error: unknown, message: string) => void;
};

/**
 * What an analyze call without force answers: the brief, or word that the creation job is still
 * writing it (the client then reads the product until it shows, decision 170).
 */
export type AnalyzeOutcome = TAnalyzeProductResponse | { aiBrief: null };

export const createProductsService = ({
  db,
  storage,
  briefs,
  fairUse,
  enqueueAnalysis,
  analysisPending,
  log,
}: Options) => {
  const signImages = async (images: ProductImage[]) => ({
    images: await Promise.all(images.map((i) => storage.signedUrl(i.key, IMAGE_URL_TTL))),
    thumbnails: await Promise.all(images.map((i) => storage.signedUrl(i.thumbKey, IMAGE_URL_TTL))),
  });

  const toProduct = async (row: ProductRow): Promise<TProduct> => ({
    id: row.id,
    name: row.name,
    description: row.description,
    ...(await signImages(row.images)),
    isDefault: row.isDefault,
    brandVoice: row.brandVoice,
    aiBrief: storedBriefOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const own = (userId: string, id: string) => requireOwnProduct(db, userId, id);

  const removeObjects = async (images: ProductImage[]) => {
    await Promise.all(
      images.flatMap((i) => [storage.delete(i.key), storage.delete(i.thumbKey)]),
    ).catch((error: unknown) => log(error, 'could not remove product images'));
  };

  const convert = (file: ImageFile): Promise<[ConvertedImage, ConvertedImage]> =>
    decodeUpload(file, (buffer) =>
      Promise.all([toWebJpeg(buffer, IMAGE_MAX_SIDE), toThumbnail(buffer, THUMB_MAX_SIDE)]),
    );

  return {
    list: async (userId: string) =>
      Promise.all((await listProducts(db, userId)).map((row) => toProduct(row))),

    get: async (userId: string, id: string) => toProduct(await own(userId, id)),

    /** 404 unless the product is the user's own; checked before an upload is read. */
    assertOwn: async (userId: string, id: string) => {
      await own(userId, id);
    },

    /**
     * Enforces the plan's product limit (free and basic 1, plus 5, pro unlimited) and makes the
     * first product the default. The user's row is held meanwhile, so parallel creates cannot
     * pass the limit together. The AI brief is written afterwards by a job.
     */
    create: async (userId: string, input: TCreateProductRequest) => {
      const id = randomUUID();
      await db.transaction(async (tx) => {
        if (!(await lockUser(tx, userId))) throw notFound('User not found');
        const count = await countProducts(tx, userId);
        await createPlanLimits(tx).assertCanCreateProduct(userId, count);
        const isDefault = count === 0;
        await insertProduct(tx, {
          id,
          userId,
          name: input.name,
          description: input.description,
          isDefault,
        });
      });
      try {
        await enqueueAnalysis({ userId, productId: id });
      } catch (error) {
        // The product exists; the brief is written on the first analyze or AI call instead.
        log(error, 'could not start the analysis of a new product');
      }
      return { id };
    },

    /**
     * Adds images up to 5 per product; the files past that are dropped and counted. Every kept
     * file is stored as a JPEG (longest side 1600) and a WebP thumbnail (320).
     */
    addImages: async (
      userId: string,
      id: string,
      files: AsyncIterable<ImageFile> | Iterable<ImageFile>,
    ): Promise<TUploadProductImagesResponse> => {
      const before = await own(userId, id);
      const room = Math.max(0, PRODUCT_MAX_IMAGES - before.images.length);
      // Each file is converted as it arrives, so one raw upload is in memory at a time; the
      // files past the room are still read (and checked) to be counted.
      const converted: [ConvertedImage, ConvertedImage][] = [];
      let received = 0;
      for await (const file of files) {
        received++;
        if (converted.length < room) converted.push(await convert(file));
      }

      const stored: ProductImage[] = [];
      try {
        for (const [full, thumb] of converted) {
          const base = `users/${userId}/products/${id}/${randomUUID()}`;
          const image = { key: `${base}.jpg`, thumbKey: `${base}-thumb.webp` };
          await storage.put(image.key, full.buffer, full.contentType);
          await storage.put(image.thumbKey, thumb.buffer, thumb.contentType);
          stored.push({ ...image, width: full.width, height: full.height });
        }
      } catch (error) {
        await removeObjects(stored);
        throw error;
      }

      // Another upload may have landed meanwhile: the cap is applied again under the row lock.
      const outcome = await db.transaction(async (tx) => {
        const row = await lockProduct(tx, userId, id);
        if (!row) return null;
        const kept = stored.slice(0, Math.max(0, PRODUCT_MAX_IMAGES - row.images.length));
        const images = [...row.images, ...kept];
        if (kept.length > 0) await setProductImages(tx, userId, id, images);
        return { images, kept: kept.length };
      });
      if (!outcome) {
        await removeObjects(stored);
        throw productNotFound();
      }
      await removeObjects(stored.slice(outcome.kept));
      return { ...(await signImages(outcome.images)), dropped: received - outcome.kept };
    },

    /**
     * docs/product/products.md rule 4: no body returns the stored brief while rule 3 accepts it;
     * otherwise, or with force, a new brief is written (one unit of the AI allowance).
     * Without force, a product whose creation analysis is still queued or running answers at once
     * with no brief: a second brief would cost a unit for nothing, and waiting would hold the
     * request (decision 170).
     */
    analyze: async (
      userId: string,
      id: string,
      { force }: { force: boolean },
    ): Promise<AnalyzeOutcome> => {
      const row = await own(userId, id);
      if (!force) {
        const stored = usableBriefOf(row);
        if (stored) return { aiBrief: stored };
        if (!row.aiBrief && (await analysisPending(row.id))) return { aiBrief: null };
      }
      return { aiBrief: await fairUse.run(userId, () => briefs.write(row)) };
    },
  };
};

export type ProductsService = ReturnType<typeof createProductsService>;
