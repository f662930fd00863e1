import { and, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { TRenderStatus } from '#contract/render';
import type { Database } from '../../db/client';
import type { Db } from '../../db/types';
import { renders } from '../../db/schema';

export type RenderRow = typeof renders.$inferSelect;
export type NewRender = typeof renders.$inferInsert;

const FINISHED: TRenderStatus[] = ['done', 'failed'];
const unfinished = notInArray(renders.status, FINISHED);

/** Inserts a render; with an idempotency key already used by the user, returns that one instead. */
export const insertRender = async (db: Db, row: NewRender): Promise<RenderRow> => {
  const [inserted] = await db.insert(renders).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(renders)
    .where(and(eq(renders.userId, row.userId), eq(renders.idempotencyKey, row.idempotencyKey!)));
  if (!existing) throw new Error('render insert conflicted without an existing row');
  return existing;
};

export const findOwnRender = async (db: Database, userId: string, id: string) =>
  (
    await db
      .select()
      .from(renders)
      .where(and(eq(renders.userId, userId), eq(renders.id, id)))
  )[0] ?? null;

export const findOwnRenderByKey = async (db: Db, userId: string, key: string) =>
  (
    await db
      .select()
      .from(renders)
      .where(and(eq(renders.userId, userId), eq(renders.idempotencyKey, key)))
  )[0] ?? null;

/** For the job and the webhook, which act for the system (the row carries its owner). */
export const findRender = async (db: Database, id: string) =>
  (await db.select().from(renders).where(eq(renders.id, id)))[0] ?? null;

export const findRenderByCallbackToken = async (db: Database, token: string) =>
  (await db.select().from(renders).where(eq(renders.callbackToken, token)))[0] ?? null;

/** Renders of the user still in flight (each holds a unit of quota until it ends). */
export const countUnfinished = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(renders)
    .where(and(eq(renders.userId, userId), unfinished));
  return row?.n ?? 0;
};

/**
 * Takes the render for one run: only an unfinished render whose lease is free or ran out (its
 * worker died). Two workers can never both hold it, so a render is never made twice at once.
 */
export const claimRender = async (db: Database, id: string, leaseUntil: Date, now: Date) =>
  (
    await db
      .update(renders)
      .set({ leaseUntil, attempts: sql`${renders.attempts} + 1`, updatedAt: now })
      .where(
        and(
          eq(renders.id, id),
          unfinished,
          or(isNull(renders.leaseUntil), lt(renders.leaseUntil, now)),
        ),
      )
      .returning()
  )[0] ?? null;

/** Keeps the lease of a running render; false when it was lost (finished, or taken over). */
export const extendLease = async (db: Database, id: string, attempts: number, leaseUntil: Date) =>
  (
    await db
      .update(renders)
      .set({ leaseUntil })
      .where(and(eq(renders.id, id), eq(renders.attempts, attempts), unfinished))
      .returning({ id: renders.id })
  ).length > 0;

export const releaseLease = async (db: Database, id: string, attempts: number) => {
  await db
    .update(renders)
    .set({ leaseUntil: null })
    .where(and(eq(renders.id, id), eq(renders.attempts, attempts)));
};

/** Moves an unfinished render to an in-progress status. */
export const setProgress = async (
  db: Database,
  id: string,
  status: Exclude<TRenderStatus, 'done' | 'failed'>,
  progress: number,
  now: Date,
) => {
  await db
    .update(renders)
    .set({ status, progress, updatedAt: now })
    .where(and(eq(renders.id, id), unfinished));
};

/** Records Shotstack's id once; false when another run already sent it. */
export const setProviderId = async (db: Database, id: string, providerId: string, now: Date) =>
  (
    await db
      .update(renders)
      .set({ providerId, updatedAt: now })
      .where(and(eq(renders.id, id), isNull(renders.providerId), unfinished))
      .returning({ id: renders.id })
  ).length > 0;

export const completeRender = async (
  db: Database,
  id: string,
  { outputKey, durationMs, now }: { outputKey: string; durationMs: number; now: Date },
) =>
  (
    await db
      .update(renders)
      .set({
        status: 'done',
        progress: 100,
        outputKey,
        durationMs,
        error: null,
        leaseUntil: null,
        updatedAt: now,
        completedAt: now,
      })
      .where(and(eq(renders.id, id), unfinished))
      .returning({ id: renders.id })
  ).length > 0;

export const failRender = async (db: Db, id: string, error: string, now: Date) =>
  (
    await db
      .update(renders)
      .set({
        status: 'failed',
        progress: 0,
        error: error.slice(0, 500),
        leaseUntil: null,
        updatedAt: now,
        completedAt: now,
      })
      .where(and(eq(renders.id, id), unfinished))
      .returning({ id: renders.id })
  ).length > 0;

/**
 * Unfinished renders nobody holds, last touched before `before`: their job was lost. One that
 * never started is only counted once it waited `queuedBefore`, since it may just be in line.
 */
export const findStrandedRenders = async (
  db: Database,
  { before, queuedBefore, now }: { before: Date; queuedBefore: Date; now: Date },
) =>
  db
    .select({ id: renders.id })
    .from(renders)
    .where(
      and(
        unfinished,
        lt(renders.updatedAt, before),
        or(isNull(renders.leaseUntil), lt(renders.leaseUntil, now)),
        or(gt(renders.attempts, 0), lt(renders.createdAt, queuedBefore)),
      ),
    )
    .limit(100);

/** The user's renders for the queue panel, newest first. */
export const listOwnRenders = async (db: Database, userId: string, limit = 50) =>
  db
    .select()
    .from(renders)
    .where(and(eq(renders.userId, userId), isNull(renders.hiddenAt)))
    .orderBy(desc(renders.createdAt))
    .limit(limit);

export const hideOwnRender = async (db: Database, userId: string, id: string, now: Date) =>
  (
    await db
      .update(renders)
      .set({ hiddenAt: now })
      .where(and(eq(renders.userId, userId), eq(renders.id, id)))
      .returning({ id: renders.id })
  ).length > 0;

export const findRendersByIds = async (db: Database, userId: string, ids: string[]) =>
  ids.length
    ? db
        .select()
        .from(renders)
        .where(and(eq(renders.userId, userId), inArray(renders.id, ids)))
    : [];
