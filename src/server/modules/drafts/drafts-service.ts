import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  TDraft,
  TDraftSummary,
  ZCreateDraftRequest,
  ZListDraftsQuery,
  ZPatchDraftRequest,
} from '#contract/drafts';
import type { Database } from '../../db/client';
import type { Db } from '../../db/types';
import { AppError, notFound } from '../../errors';
import type { DraftChanges, DraftRow, NewDraftRow } from './drafts-repo';
import {
  deleteDraft,
  findDraft,
  findUntouchedDraft,
  insertDraft,
  isOwnProduct,
  listDrafts,
  lockDraftCreation,
  updateDraft,
} from './drafts-repo';

type CreateInput = z.output<typeof ZCreateDraftRequest>;
type PatchInput = z.output<typeof ZPatchDraftRequest>;
type ListQuery = z.output<typeof ZListDraftsQuery>;

/** `{ type }` alone: what "Create Video" and "Create Photo (Carousel)" send. */
const isEmptyRequest = (input: CreateInput) =>
  !input.productId &&
  input.hook == null &&
  input.caption == null &&
  input.carouselPlan == null &&
  (input.hashtags ?? []).length === 0 &&
  Object.keys(input.assets ?? {}).length === 0;

const toDraft = (row: DraftRow): TDraft => ({
  id: row.id,
  type: row.type,
  productId: row.productId,
  hook: row.hook,
  caption: row.caption,
  hashtags: row.hashtags,
  carouselPlan: row.carouselPlan,
  assets: row.assets,
  status: row.status,
  originItemId: row.originItemId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toSummary = (row: DraftRow): TDraftSummary => {
  const character = row.assets.selectedCharacter;
  return {
    id: row.id,
    type: row.type,
    hook: row.hook,
    caption: row.caption,
    slides: row.carouselPlan?.slides ?? [],
    selectedCharacter: typeof character === 'string' && character ? character : null,
    updatedAt: row.updatedAt.toISOString(),
  };
};

export const createDraftsService = (db: Database) => {
  /**
   * A draft may only point at the user's own product. Someone else's product and a missing one
   * get the same answer, so the check reveals nothing.
   */
  const assertOwnProduct = async (userId: string, productId: string | null | undefined) => {
    if (productId && !(await isOwnProduct(db, userId, productId))) {
      throw new AppError('validation_error', 'productId: no such product', { field: 'productId' });
    }
  };

  const get = async (userId: string, id: string) => {
    const row = await findDraft(db, userId, id);
    if (!row) throw notFound('Draft not found');
    return row;
  };

  return {
    list: async (userId: string, query: ListQuery) => {
      const rows = await listDrafts(db, userId, {
        limit: query.limit,
        status: query.status,
        originItemId: query.originItemId,
      });
      return { drafts: query.summary ? rows.map(toSummary) : rows.map(toDraft) };
    },

    get: async (userId: string, id: string) => toDraft(await get(userId, id)),

    /**
     * Writes a prepared draft inside the caller's transaction: templates make the draft in the
     * same transaction as the use they count (decision 043).
     */
    insertIn: async (tx: Db, row: NewDraftRow) => {
      await insertDraft(tx, row);
    },

    /**
     * `{ type }` alone, or a snapshot of a campaign item (docs/product/create.md rule 3). An empty
     * request hands back the user's untouched empty draft of that type when there is one, so
     * clicking "Create" again (in any tab) does not pile up "Untitled" cards.
     */
    create: async (userId: string, input: CreateInput) => {
      if (isEmptyRequest(input)) {
        return db.transaction(async (tx) => {
          await lockDraftCreation(tx, userId);
          const reusable = await findUntouchedDraft(tx, userId, input.type);
          if (reusable) return toDraft(reusable);
          return toDraft(
            await insertDraft(tx, {
              id: randomUUID(),
              userId,
              type: input.type,
              status: 'draft',
            }),
          );
        });
      }
      await assertOwnProduct(userId, input.productId);
      const origin = input.assets?.originCampaignItemId;
      const row = await insertDraft(db, {
        id: randomUUID(),
        userId,
        type: input.type,
        productId: input.productId ?? null,
        hook: input.hook ?? null,
        caption: input.caption ?? null,
        hashtags: input.hashtags ?? [],
        carouselPlan: input.carouselPlan ?? null,
        assets: input.assets ?? {},
        status: 'draft',
        originItemId: typeof origin === 'string' && origin ? origin : null,
      });
      return toDraft(row);
    },

    /**
     * The carousel shape replaces the plan (and the caption, product and hashtags when sent);
     * the demo shape sets product, hook and assets, merging assets so keys saved at creation
     * (originCampaignItemId) survive. A shape that does not fit the draft's type is refused.
     */
    patch: async (userId: string, id: string, input: PatchInput) => {
      const current = await get(userId, id);
      const changes: DraftChanges = {};
      if ('carouselPlan' in input) {
        if (current.type !== 'carousel') {
          throw new AppError(
            'validation_error',
            'type: this is a video draft; send { type: "video", productId, hook, assets }',
            { field: 'type' },
          );
        }
        changes.carouselPlan = input.carouselPlan;
        if (input.caption !== undefined) changes.caption = input.caption;
        if (input.hashtags !== undefined) changes.hashtags = input.hashtags;
        if (input.productId !== undefined) changes.productId = input.productId;
      } else {
        if (current.type !== 'video') {
          throw new AppError(
            'validation_error',
            'type: this is a carousel draft; send { carouselPlan, caption }',
            { field: 'type' },
          );
        }
        if (input.hook !== undefined) changes.hook = input.hook;
        if (input.productId !== undefined) changes.productId = input.productId;
        if (input.assets !== undefined) changes.assets = { ...current.assets, ...input.assets };
      }
      await assertOwnProduct(userId, changes.productId);
      const row = await updateDraft(db, userId, id, changes);
      if (!row) throw notFound('Draft not found');
      return toDraft(row);
    },

    remove: async (userId: string, id: string) => {
      if (!(await deleteDraft(db, userId, id))) throw notFound('Draft not found');
    },
  };
};

export type DraftsService = ReturnType<typeof createDraftsService>;
