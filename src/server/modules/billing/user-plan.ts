import type { Db } from '../../db/types';
import { notFound } from '../../errors';
import { findPlanColumns } from './billing-repo';

/**
 * The user's plan and subscription columns, the one read behind every plan decision (fair use,
 * plan limits, entitlements, the usage ledger). Built on the database or on a transaction; `lock`
 * holds the row until that transaction ends.
 */
export const createUserPlans = (db: Db) => ({
  of: async (userId: string, { lock = false } = {}) => {
    const row = await findPlanColumns(db, userId, { lock });
    if (!row) throw notFound('User not found');
    return row;
  },
});
