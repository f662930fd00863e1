import { and, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import type { Db } from '../../db/types';
import { drafts, products } from '../../db/schema';

export type DraftRow = typeof drafts.$inferSelect;
export type DraftChanges = Partial<
  Pick<DraftRow, 'productId' | 'hook' | 'caption' | 'hashtags' | 'carouselPlan' | 'assets'>
>;

/** Newest change first; every query is scoped to its owner. */
/** One prepared list per set of filters; the hub's, with none, is the one every screen reads. */
const draftLists = [false, true].flatMap((byStatus) =>
  [false, true].map((byOrigin) =>
    preparedQuery(
      `draft_list${byStatus ? '_by_status' : ''}${byOrigin ? '_by_origin' : ''}`,
      (db, name) =>
        db
          .select()
          .from(drafts)
          .where(
            and(
              eq(drafts.userId, sql.placeholder('userId')),
              // A tool opened from the Create hub and left at once is no draft of the seller's
              // yet: it is kept for the next opening (decision 030) but never listed as "Untitled".
              not(untouched()),
              byStatus ? eq(drafts.status, sql.placeholder('status')) : undefined,
              byOrigin ? eq(drafts.originItemId, sql.placeholder('originItemId')) : undefined,
            ),
          )
          .orderBy(desc(drafts.updatedAt), desc(drafts.createdAt), desc(drafts.id))
          .limit(sql.placeholder('limit'))
          .prepare(name),
    ),
  ),
);

export const listDrafts = (
  db: Database,
  userId: string,
  { limit, status, originItemId }: { limit: number; status?: string; originItemId?: string },
) =>
  draftLists[(status !== undefined ? 2 : 0) + (originItemId !== undefined ? 1 : 0)]!(db).execute({
    userId,
    limit,
    status,
    originItemId,
  });

export const findDraft = async (db: Database, userId: string, id: string) => {
  const [row] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId)));
  return row ?? null;
};

/**
 * The newest draft of `type` that nobody has touched: created empty (no product, text, plan,
 * assets or campaign origin) and never saved since, which `updateDraft` makes visible by always
 * moving updatedAt past createdAt (decision 030).
 */
/** Created empty and never saved since (decision 030): a tool opened and left at once. */
const untouched = () =>
  and(
    eq(drafts.status, 'draft'),
    eq(drafts.updatedAt, drafts.createdAt),
    isNull(drafts.productId),
    isNull(drafts.hook),
    isNull(drafts.caption),
    isNull(drafts.carouselPlan),
    isNull(drafts.originItemId),
    sql`${drafts.hashtags} = '[]'::jsonb`,
    sql`${drafts.assets} = '{}'::jsonb`,
  )!;

export const findUntouchedDraft = async (db: Db, userId: string, type: DraftRow['type']) => {
  const [row] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.userId, userId), eq(drafts.type, type), untouched()))
    .orderBy(desc(drafts.createdAt), desc(drafts.id))
    .limit(1);
  return row ?? null;
};

/**
 * Serialises draft creation per user until the transaction ends, so two tabs asking for a new
 * empty draft at once agree on one.
 */
export const lockDraftCreation = async (db: Db, userId: string) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`draft-create:${userId}`}))`);
};

export type NewDraftRow = typeof drafts.$inferInsert;

export const insertDraft = async (db: Db, row: NewDraftRow) => {
  const [created] = await db.insert(drafts).values(row).returning();
  return created!;
};

/**
 * Applies the changes and moves updatedAt forward, at least a millisecond past its old value, so
 * two saves within the same millisecond still order correctly (ISO strings carry milliseconds).
 */
export const updateDraft = async (
  db: Database,
  userId: string,
  id: string,
  changes: DraftChanges,
) => {
  const [row] = await db
    .update(drafts)
    .set({
      ...changes,
      updatedAt: sql`greatest(now(), ${drafts.updatedAt} + interval '1 millisecond')`,
    })
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
    .returning();
  return row ?? null;
};

export const deleteDraft = async (db: Database, userId: string, id: string) => {
  const deleted = await db
    .delete(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
    .returning({ id: drafts.id });
  return deleted.length > 0;
};

export const isOwnProduct = async (db: Database, userId: string, productId: string) => {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, userId)));
  return row !== undefined;
};

/** The columns that say what made a post, of the owner's drafts among `ids`. */
export const selectDraftOrigins = (db: Db, userId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: drafts.id,
          type: drafts.type,
          productId: drafts.productId,
          hook: drafts.hook,
          caption: drafts.caption,
          hashtags: drafts.hashtags,
          carouselPlan: drafts.carouselPlan,
          assets: drafts.assets,
        })
        .from(drafts)
        .where(and(eq(drafts.userId, userId), inArray(drafts.id, ids)));
