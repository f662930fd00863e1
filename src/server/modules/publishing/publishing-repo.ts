import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TPostState } from '#contract/tiktok-posts';
import type { Database } from '../../db/client';
import { tiktokPosts } from '../../db/schema';

export type PostRow = typeof tiktokPosts.$inferSelect;
type PostPatch = Partial<Omit<typeof tiktokPosts.$inferInsert, 'id' | 'userId'>>;

/** States TikTok may still change; a webhook or a status check moves them on. */
export const OPEN_STATES = ['initialising', 'uploading', 'downloading', 'in_inbox'] as const;
/**
 * States a post counts against TikTok's 5 pending shares in 24 h. A `draft` is a post being made
 * (slides hosted, video checked) that has not reached its init yet: it counts too, or a burst of
 * sends (a campaign's items due in one minute) would all pass the check before any init. An
 * abandoned draft is failed by the reconciliation within the hour.
 */
const PENDING_STATES: TPostState[] = [
  'draft',
  'initialising',
  'uploading',
  'downloading',
  'in_inbox',
];

/**
 * Pending shares of one account since `since`, by when each was started (or made). The time is
 * the expression of `tiktok_post_open_id_pending_since_idx` (schema.ts), spelled the same, so the
 * count reads the last 24 h of the account as a range of that index instead of every pending row
 * the account ever had (decision 219; `pending-limit.test.ts` checks the plan).
 */
const pendingSince = (openId: string, since: Date) =>
  and(
    eq(tiktokPosts.openId, openId),
    inArray(tiktokPosts.state, PENDING_STATES),
    gt(sql`coalesce(${tiktokPosts.initStartedAt}, ${tiktokPosts.createdAt})`, since),
  );

/** How many shares of one account are pending since `since` (the query, to run or explain). */
export const countPendingSince = (db: Pick<Database, 'select'>, openId: string, since: Date) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(tiktokPosts)
    .where(pendingSince(openId, since));

export const findOwnPostByKey = async (db: Database, userId: string, clientKey: string) =>
  (
    await db
      .select()
      .from(tiktokPosts)
      .where(and(eq(tiktokPosts.userId, userId), eq(tiktokPosts.clientKey, clientKey)))
  )[0];

export const findOwnPostByPublishId = async (db: Database, userId: string, publishId: string) =>
  (
    await db
      .select()
      .from(tiktokPosts)
      .where(and(eq(tiktokPosts.userId, userId), eq(tiktokPosts.publishId, publishId)))
  )[0];

export const findOwnPostByUploadUrl = async (db: Database, userId: string, uploadUrl: string) =>
  (
    await db
      .select()
      .from(tiktokPosts)
      .where(and(eq(tiktokPosts.userId, userId), eq(tiktokPosts.uploadUrl, uploadUrl)))
  )[0];

/** For jobs and webhooks, which act for TikTok's side of a post rather than for a signed-in user. */
export const findPostById = async (db: Database, id: string) =>
  (await db.select().from(tiktokPosts).where(eq(tiktokPosts.id, id)))[0];

export const findPostByPublishId = async (db: Database, publishId: string) =>
  (await db.select().from(tiktokPosts).where(eq(tiktokPosts.publishId, publishId)))[0];

/**
 * Inserts a draft unless the account already has `max` pending shares in the last 24 h. The
 * count and the insert run under a per-account advisory lock, so two tabs cannot both slip in
 * as the fifth. Resolves to the new row, or null when the limit is reached.
 */
export const insertDraftWithinPendingLimit = async (
  db: Database,
  row: typeof tiktokPosts.$inferInsert,
  { max, now }: { max: number; now: Date },
): Promise<PostRow | null> =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`tiktok-pending:${row.openId}`}))`,
    );
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const [counted] = await countPendingSince(tx, row.openId, since);
    if ((counted?.n ?? 0) >= max) return null;
    const [inserted] = await tx.insert(tiktokPosts).values(row).returning();
    return inserted ?? null;
  });

/**
 * Moves a post from one of `from` to a new state with `patch`, in one statement: the row lock
 * of the UPDATE makes concurrent movers (poll job, webhook, route) apply in turn, and a mover
 * whose starting state is gone changes nothing. Resolves to the updated row or undefined.
 */
export const movePost = async (
  db: Database,
  id: string,
  from: readonly TPostState[],
  patch: PostPatch,
  /**
   * TikTok post ids to add to those recorded. Merged in the statement itself: two words about
   * one post (a status check and a webhook, or two webhooks) may each have read the row before
   * the other wrote it, and the one without an id must not write the other's away.
   */
  addPostIds: readonly string[] = [],
) =>
  (
    await db
      .update(tiktokPosts)
      .set({
        ...patch,
        ...(addPostIds.length > 0
          ? {
              postIds: sql`(SELECT coalesce(jsonb_agg(DISTINCT ids.v), '[]'::jsonb)
                  FROM jsonb_array_elements(${tiktokPosts.postIds} || ${JSON.stringify(addPostIds)}::jsonb) AS ids(v))`,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(tiktokPosts.id, id), inArray(tiktokPosts.state, [...from])))
      .returning()
  )[0];

export const patchPost = async (db: Database, id: string, patch: PostPatch) =>
  (
    await db
      .update(tiktokPosts)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(tiktokPosts.id, id))
      .returning()
  )[0];

/**
 * Records what TikTok said about a post being publicly viewable, at the event's own time: an
 * older word than the one recorded changes nothing, whatever order the webhooks arrive in.
 */
export const setNoLongerPublic = async (
  db: Database,
  id: string,
  at: Date,
  noLongerPublic: boolean,
) =>
  (
    await db
      .update(tiktokPosts)
      .set({
        noLongerPublicAt: noLongerPublic ? at : null,
        publicnessChangedAt: at,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(tiktokPosts.id, id),
          // TikTok's times are whole seconds and its deliveries come in any order: within one
          // second "no longer public" wins, as a post is shown before it can be hidden.
          or(
            isNull(tiktokPosts.publicnessChangedAt),
            noLongerPublic
              ? lte(tiktokPosts.publicnessChangedAt, at)
              : lt(tiktokPosts.publicnessChangedAt, at),
          ),
        ),
      )
      .returning()
  )[0];

/**
 * Takes a video post's upload for one sender: only while it is uploading and nobody holds it or
 * the holder's lease ran out (its process died). Two senders never hold it at once.
 */
export const claimUpload = async (
  db: Database,
  id: string,
  { holder, until, now }: { holder: string; until: Date; now: Date },
) =>
  (
    await db
      .update(tiktokPosts)
      .set({ uploadHolder: holder, uploadLeaseUntil: until })
      .where(
        and(
          eq(tiktokPosts.id, id),
          eq(tiktokPosts.state, 'uploading'),
          or(isNull(tiktokPosts.uploadLeaseUntil), lt(tiktokPosts.uploadLeaseUntil, now)),
        ),
      )
      .returning()
  )[0] ?? null;

/** Renews the holder's lease; false when it lost it (taken over after it ran out). */
export const extendUpload = async (db: Database, id: string, holder: string, until: Date) =>
  (
    await db
      .update(tiktokPosts)
      .set({ uploadLeaseUntil: until })
      .where(and(eq(tiktokPosts.id, id), eq(tiktokPosts.uploadHolder, holder)))
      .returning({ id: tiktokPosts.id })
  ).length > 0;

/** Lets the upload go (done or failed), if this holder still has it. */
export const endUpload = async (db: Database, id: string, holder: string, patch: PostPatch = {}) =>
  (
    await db
      .update(tiktokPosts)
      .set({ ...patch, uploadHolder: null, uploadLeaseUntil: null, updatedAt: new Date() })
      .where(and(eq(tiktokPosts.id, id), eq(tiktokPosts.uploadHolder, holder)))
      .returning()
  )[0];

/**
 * Frees a failed post's idempotency key for a new attempt, keeping the record (the queue and
 * analytics still show it) under a key no client sends. Only the row holding `clientKey` moves,
 * so of two racing resends one frees it and both then meet at the new draft.
 */
export const releaseClientKey = async (db: Database, id: string, clientKey: string) => {
  await db
    .update(tiktokPosts)
    .set({ clientKey: `${clientKey}~failed~${id}` })
    .where(
      and(
        eq(tiktokPosts.id, id),
        eq(tiktokPosts.clientKey, clientKey),
        eq(tiktokPosts.state, 'failed'),
      ),
    );
};

export const deleteDraftPost = async (db: Database, id: string) => {
  await db.delete(tiktokPosts).where(and(eq(tiktokPosts.id, id), eq(tiktokPosts.state, 'draft')));
};

export const listOwnPosts = (db: Database, userId: string, limit = 50) =>
  db
    .select()
    .from(tiktokPosts)
    .where(and(eq(tiktokPosts.userId, userId), isNull(tiktokPosts.hiddenAt)))
    .orderBy(desc(tiktokPosts.createdAt))
    .limit(limit);

export const hideOwnPost = async (db: Database, userId: string, id: string) =>
  (
    await db
      .update(tiktokPosts)
      .set({ hiddenAt: new Date() })
      .where(and(eq(tiktokPosts.id, id), eq(tiktokPosts.userId, userId)))
      .returning({ id: tiktokPosts.id })
  )[0];

/** Open posts with a publish id whose next check is due, for the reconciliation schedule. */
export const listDueOpenPosts = (db: Database, now: Date, limit = 50) =>
  db
    .select()
    .from(tiktokPosts)
    .where(
      and(
        inArray(tiktokPosts.state, ['uploading', 'downloading', 'in_inbox']),
        isNotNull(tiktokPosts.publishId),
        lte(tiktokPosts.nextCheckAt, now),
      ),
    )
    .orderBy(tiktokPosts.nextCheckAt)
    .limit(limit);

/** Inits whose outcome nobody recorded (the process died mid-call), older than `before`. */
export const listUnconfirmedInits = (db: Database, before: Date) =>
  db
    .select()
    .from(tiktokPosts)
    .where(
      and(
        eq(tiktokPosts.state, 'initialising'),
        isNull(tiktokPosts.publishId),
        lte(tiktokPosts.initStartedAt, before),
      ),
    );

/** Drafts never sent (their request failed before the init) and abandoned. */
export const listStaleDrafts = (db: Database, before: Date) =>
  db
    .select()
    .from(tiktokPosts)
    .where(and(eq(tiktokPosts.state, 'draft'), lte(tiktokPosts.createdAt, before)));

/**
 * Where the user's posts stand, by id: what another feature shows about posts it sent (a
 * campaign item's lastJob) without reading this module's table itself.
 */
export const findPostOutcomes = async (db: Database, userId: string, ids: string[]) => {
  if (ids.length === 0) return new Map<string, { state: TPostState; message: string | null }>();
  const rows = await db
    .select({ id: tiktokPosts.id, state: tiktokPosts.state, message: tiktokPosts.message })
    .from(tiktokPosts)
    .where(and(eq(tiktokPosts.userId, userId), inArray(tiktokPosts.id, ids)));
  return new Map(rows.map((r) => [r.id, { state: r.state, message: r.message }]));
};
