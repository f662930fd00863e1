import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/types';
import { usageEvents } from '../../db/schema';
import { createUserPlans } from '../billing';
import type { Period } from '../entitlements';
import { computeEntitlements, currentPeriod } from '../entitlements';
import { countUsageInPeriod } from './usage-repo';

export { releaseUsage } from './usage-repo';

export type UsageKind = 'carousel' | 'video';

/** Why the plan cannot take one more generation now (the entitlements' reason). */
export type UsageRefusal = 'limit' | 'no_plan' | 'payment_issue';

/**
 * Inside `reserve`: holds one unit under `key` in the ledger, or says why the plan cannot. A key
 * already held is not held twice.
 */
export type HoldUnit = (kind: UsageKind, key: string) => Promise<UsageRefusal | null>;

export type UsageResult = {
  /** The thing may go ahead: it was counted now, or had been counted before. */
  allowed: boolean;
  /** This call added it to the ledger. */
  counted: boolean;
  /** Quota left in the current period after this call. */
  remaining: number;
};

type Options = {
  /** Tests move the clock across a period boundary. */
  now?: () => Date;
  /** Called before the quota is read, e.g. to renew or end a local subscription whose period passed. */
  settle?: (userId: string) => Promise<void>;
};

/**
 * The usage ledger (docs/product/billing.md rule 3): one row per counted thing, keyed by an
 * idempotency key that is unique per user. A carousel's key is its post (counted at the first
 * upload attempt), a video's is its render (counted when the render completes).
 */
export const createUsageService = (
  db: Database,
  { now = () => new Date(), settle }: Options = {},
) => ({
  /** Generations counted for the user within a period (the quota's "used"). */
  usedInPeriod: (userId: string, period: Period) => countUsageInPeriod(db, userId, period),

  /**
   * Runs `work` in one transaction that holds the user's row, so reservations of one user happen
   * one after another and each sees the others (decision 072). `work` may call `hold` to put a
   * unit in the ledger before anything is started: it counts as used at once (the quota shown,
   * the next reservation), stays when the work completes (`recordUsage` with the same key then
   * finds it and does not count again) and is taken back with `releaseUsage` if the work fails.
   * An error thrown by `work` rolls everything back, the hold included.
   */
  reserve: async <T>(userId: string, work: (tx: Tx, hold: HoldUnit) => Promise<T>): Promise<T> => {
    await settle?.(userId);
    return db.transaction(async (tx) => {
      const user = await createUserPlans(tx).of(userId, { lock: true });
      const at = now();
      const period = currentPeriod(user.currentPeriodEnd, at);
      const hold: HoldUnit = async (kind, key) => {
        const [existing] = await tx
          .select({ id: usageEvents.id })
          .from(usageEvents)
          .where(and(eq(usageEvents.userId, userId), eq(usageEvents.idempotencyKey, key)));
        if (existing) return null;
        const rights = computeEntitlements({
          plan: user.plan,
          subscriptionStatus: user.subscriptionStatus,
          productCount: 0,
          used: await countUsageInPeriod(tx, userId, period),
          period,
        });
        if (!rights.canGenerate) return rights.reason ?? 'limit';
        await tx
          .insert(usageEvents)
          .values({ id: randomUUID(), userId, kind, idempotencyKey: key, createdAt: at })
          .onConflictDoNothing({ target: [usageEvents.userId, usageEvents.idempotencyKey] });
        return null;
      };
      return work(tx, hold);
    });
  },

  /**
   * Counts `key` once. A repeat is allowed and not counted again; a new key is counted only while
   * the plan may generate and quota is left in the subscription's current period.
   *
   * One transaction per call holds the user's row (SELECT … FOR UPDATE), so concurrent calls for
   * one user run one after another: the count they read is never stale, and parallel calls with
   * the same key see each other's row. The unique (user, key) index backs that up.
   */
  recordUsage: async (userId: string, kind: UsageKind, key: string): Promise<UsageResult> => {
    await settle?.(userId);
    return db.transaction(async (tx) => {
      const user = await createUserPlans(tx).of(userId, { lock: true });
      const at = now();
      const period = currentPeriod(user.currentPeriodEnd, at);

      const usedInPeriod = () => countUsageInPeriod(tx, userId, period);
      const rules = (used: number) =>
        computeEntitlements({
          plan: user.plan,
          subscriptionStatus: user.subscriptionStatus,
          productCount: 0,
          used,
          period,
        });

      const [existing] = await tx
        .select({ id: usageEvents.id })
        .from(usageEvents)
        .where(and(eq(usageEvents.userId, userId), eq(usageEvents.idempotencyKey, key)));
      if (existing) {
        return {
          allowed: true,
          counted: false,
          remaining: rules(await usedInPeriod()).remainingQuota,
        };
      }

      const before = rules(await usedInPeriod());
      if (!before.canGenerate) {
        return { allowed: false, counted: false, remaining: before.remainingQuota };
      }
      const inserted = await tx
        .insert(usageEvents)
        .values({ id: randomUUID(), userId, kind, idempotencyKey: key, createdAt: at })
        .onConflictDoNothing({ target: [usageEvents.userId, usageEvents.idempotencyKey] })
        .returning({ id: usageEvents.id });
      const counted = inserted.length > 0;
      return {
        allowed: true,
        counted,
        remaining: counted ? Math.max(0, before.remainingQuota - 1) : before.remainingQuota,
      };
    });
  },

  /**
   * Gives back what `key` counted, for a thing that did not happen after all (a post TikTok
   * refused or failed: decision 086). Resolves to whether a row went; a repeat changes nothing.
   */
  releaseUsage: async (userId: string, key: string): Promise<boolean> => {
    const gone = await db
      .delete(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.idempotencyKey, key)))
      .returning({ id: usageEvents.id });
    return gone.length > 0;
  },
});

export type UsageService = ReturnType<typeof createUsageService>;
