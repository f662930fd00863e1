import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignItems, campaigns } from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignItemRow = typeof campaignItems.$inferSelect;
export type ItemContent = Partial<
  Pick<CampaignItemRow, 'productId' | 'hook' | 'caption' | 'hashtags' | 'carouselPlan' | 'assets'>
>;
type JobPatch = Partial<
  Pick<CampaignItemRow, 'jobStatus' | 'jobError' | 'claimedAt' | 'renderId' | 'postId' | 'jobId'>
>;

/** Internal send states (decision 049); `posted` shows as sending/done/failed from its post. */
export type SendState = 'queued' | 'rendering' | 'sending' | 'posted' | 'failed' | 'missed';
/** A send under way: the item cannot be moved or changed until it settles. */
export const IN_FLIGHT: SendState[] = ['rendering', 'sending'];

export const insertCampaign = async (db: Database, row: typeof campaigns.$inferInsert) => {
  const [created] = await db.insert(campaigns).values(row).returning();
  return created!;
};

export const listCampaigns = (db: Database, userId: string) =>
  db
    .select()
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));

export const findCampaign = async (db: Database, userId: string, id: string) =>
  (
    await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
  )[0] ?? null;

/** Deletes the campaign (its items go with it); resolves to the job ids its items held. */
export const deleteCampaign = async (db: Database, userId: string, id: string) =>
  db.transaction(async (tx) => {
    const jobs = await tx
      .select({ jobId: campaignItems.jobId })
      .from(campaignItems)
      .where(
        and(
          eq(campaignItems.campaignId, id),
          eq(campaignItems.userId, userId),
          isNotNull(campaignItems.jobId),
        ),
      );
    const deleted = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
      .returning({ id: campaigns.id });
    return deleted.length > 0 ? jobs.map((j) => j.jobId!) : null;
  });

/** Date order: scheduled items by their date, the others by their plan slot. */
export const listItems = (db: Database, userId: string, campaignId: string) =>
  db
    .select()
    .from(campaignItems)
    .where(and(eq(campaignItems.campaignId, campaignId), eq(campaignItems.userId, userId)))
    .orderBy(
      asc(sql`coalesce(${campaignItems.dateScheduled}, ${campaignItems.slotAt})`),
      asc(campaignItems.slotIndex),
    );

export const findItem = async (db: Database, userId: string, id: string) =>
  (
    await db
      .select()
      .from(campaignItems)
      .where(and(eq(campaignItems.id, id), eq(campaignItems.userId, userId)))
  )[0] ?? null;

/** For the send job, which acts for the item's owner. */
export const findItemById = async (db: Database, id: string) =>
  (await db.select().from(campaignItems).where(eq(campaignItems.id, id)))[0] ?? null;

/** Inserts plan items; a slot that already has one (a concurrent Generate Plan) is skipped. */
export const insertItems = async (db: Database, rows: (typeof campaignItems.$inferInsert)[]) => {
  if (rows.length === 0) return;
  await db
    .insert(campaignItems)
    .values(rows)
    .onConflictDoNothing({ target: [campaignItems.campaignId, campaignItems.slotIndex] });
};

/** The hooks the user's campaigns used for a product, newest first (not to be repeated). */
export const recentHooks = async (db: Database, userId: string, productId: string, limit: number) =>
  (
    await db
      .select({ hook: campaignItems.hook })
      .from(campaignItems)
      .where(
        and(
          eq(campaignItems.userId, userId),
          eq(campaignItems.productId, productId),
          isNotNull(campaignItems.hook),
        ),
      )
      .orderBy(desc(campaignItems.createdAt))
      .limit(limit)
  ).map((r) => r.hook!);

/**
 * Changes an item's content unless a send of it is under way or done (`expectedVersion` guards
 * against a schedule change between the read and this write).
 */
export const updateItemContent = async (
  db: Database,
  userId: string,
  id: string,
  expectedVersion: number,
  changes: ItemContent,
) =>
  (
    await db
      .update(campaignItems)
      // Slides rendered ahead showed the old content.
      .set({ ...changes, prepared: null, updatedAt: new Date() })
      .where(
        and(
          eq(campaignItems.id, id),
          eq(campaignItems.userId, userId),
          eq(campaignItems.scheduleVersion, expectedVersion),
        ),
      )
      .returning()
  )[0] ?? null;

/**
 * Moves the item to a new schedule version: queued at `at`, or unscheduled (null). Only from
 * the version read and never while a send is under way or after it was posted, so a send and
 * a reschedule cannot both win.
 */
export const rescheduleItem = async (
  db: Database,
  userId: string,
  id: string,
  expectedVersion: number,
  at: Date | null,
  changes: ItemContent = {},
) =>
  (
    await db
      .update(campaignItems)
      .set({
        ...changes,
        dateScheduled: at,
        scheduleVersion: sql`${campaignItems.scheduleVersion} + 1`,
        jobStatus: at ? 'queued' : null,
        jobError: null,
        jobUpdatedAt: new Date(),
        claimedAt: null,
        renderId: null,
        postId: null,
        jobId: null,
        prepared: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(campaignItems.id, id),
          eq(campaignItems.userId, userId),
          eq(campaignItems.scheduleVersion, expectedVersion),
          or(
            sql`${campaignItems.jobStatus} is null`,
            inArray(campaignItems.jobStatus, ['queued', 'failed', 'missed']),
          ),
        ),
      )
      .returning()
  )[0] ?? null;

/** Records the job that will send this version (unless the version moved on meanwhile). */
export const setItemJob = async (db: Database, id: string, version: number, jobId: string) => {
  await db
    .update(campaignItems)
    .set({ jobId })
    .where(and(eq(campaignItems.id, id), eq(campaignItems.scheduleVersion, version)));
};

/**
 * Claims the send of this version: queued → rendering, or a send whose claim is older than
 * `leaseMs` (its worker died) taken over. One statement, so of two workers only one wins.
 */
export const claimSend = async (db: Database, id: string, version: number, leaseMs: number) =>
  (
    await db
      .update(campaignItems)
      .set({ jobStatus: 'rendering', claimedAt: new Date(), jobUpdatedAt: new Date() })
      .where(
        and(
          eq(campaignItems.id, id),
          eq(campaignItems.scheduleVersion, version),
          isNotNull(campaignItems.dateScheduled),
          or(
            eq(campaignItems.jobStatus, 'queued'),
            and(
              inArray(campaignItems.jobStatus, IN_FLIGHT),
              // Released (a render being waited for) or left by a dead worker.
              or(
                isNull(campaignItems.claimedAt),
                lt(campaignItems.claimedAt, new Date(Date.now() - leaseMs)),
              ),
            ),
          ),
        ),
      )
      .returning()
  )[0] ?? null;

/** Moves the send of this version on, from one of `from`; null when it is no longer there. */
export const moveSend = async (
  db: Database,
  id: string,
  version: number,
  from: SendState[],
  patch: JobPatch,
) =>
  (
    await db
      .update(campaignItems)
      .set({ ...patch, jobUpdatedAt: new Date() })
      .where(
        and(
          eq(campaignItems.id, id),
          eq(campaignItems.scheduleVersion, version),
          inArray(campaignItems.jobStatus, from),
        ),
      )
      .returning()
  )[0] ?? null;

/**
 * Sends the reconciliation must look at: queued ones already due (their delayed job may be
 * lost), and sends under way whose claim is older than the lease (their worker died).
 */
export const findStrandedSends = (db: Database, now: Date, leaseMs: number, limit: number) =>
  db
    .select({
      id: campaignItems.id,
      version: campaignItems.scheduleVersion,
      jobStatus: campaignItems.jobStatus,
      claimedAt: campaignItems.claimedAt,
    })
    .from(campaignItems)
    .where(
      or(
        and(eq(campaignItems.jobStatus, 'queued'), lte(campaignItems.dateScheduled, now)),
        and(
          inArray(campaignItems.jobStatus, IN_FLIGHT),
          or(
            lt(campaignItems.claimedAt, new Date(now.getTime() - leaseMs)),
            and(
              isNull(campaignItems.claimedAt),
              lt(campaignItems.jobUpdatedAt, new Date(now.getTime() - leaseMs)),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(campaignItems.dateScheduled))
    .limit(limit);

/** Keeps slides rendered ahead for this version, unless it moved or its send began meanwhile. */
export const savePrepared = async (db: Database, id: string, version: number, photos: string[]) =>
  (
    await db
      .update(campaignItems)
      .set({ prepared: { version, photos } })
      .where(
        and(
          eq(campaignItems.id, id),
          eq(campaignItems.scheduleVersion, version),
          eq(campaignItems.jobStatus, 'queued'),
        ),
      )
      .returning({ id: campaignItems.id })
  ).length > 0;
