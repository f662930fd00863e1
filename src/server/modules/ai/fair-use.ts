import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { createUserPlans } from '../billing';
import { returnAiUnit, takeAiUnit } from './ai-usage-repo';

export type AiAllowance = { free: number; paid: number };

/** The UTC calendar day the allowance is counted in, as PostgreSQL's `date` reads it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const plural = (n: number) => `${n} AI request${n === 1 ? '' : 's'}`;

/**
 * Fair use of the AI text routes (docs/product/billing.md rule 5): every plan may use them, up to a
 * daily allowance per user and UTC day. Past it a free user is offered the upgrade (402), a paid
 * user waits for the next day (429).
 */
export const createFairUse = (
  db: Database,
  { allowance, now = () => new Date() }: { allowance: AiAllowance; now?: () => Date },
) => {
  /** Takes one unit or throws; resolves to the function that gives it back. */
  const take = async (userId: string) => {
    const paid = (await createUserPlans(db).of(userId)).plan !== 'free';
    const limit = paid ? allowance.paid : allowance.free;
    const day = utcDay(now());
    if ((await takeAiUnit(db, userId, day, limit)) !== null) {
      return () => returnAiUnit(db, userId, day);
    }
    if (paid) {
      throw new AppError(
        'ai_allowance_reached',
        `You have used today's ${plural(limit)}. The allowance renews at midnight UTC.`,
      );
    }
    throw new AppError(
      'ai_allowance_upgrade',
      `The free plan includes ${plural(limit)} a day and you have used them. Upgrade to keep going today.`,
    );
  };

  return {
    take,
    /**
     * Runs one AI operation against the allowance. A call that fails gave the user nothing, so
     * its unit is given back.
     */
    run: async <T>(userId: string, operation: () => Promise<T>): Promise<T> => {
      const giveBack = await take(userId);
      try {
        return await operation();
      } catch (error) {
        await giveBack().catch(() => undefined);
        throw error;
      }
    },
  };
};

export type FairUse = ReturnType<typeof createFairUse>;
