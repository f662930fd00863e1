import type { Db } from '../../db/types';
import { notFound } from '../../errors';
import { findPlanColumns } from './billing-repo';

/**
 * The user's plan and subscription columns, the one read behind every plan decision (fair use,
 * plan limits, entitlements, the usage ledger). `lock` holds the row until the transaction ends.
 */
export const readUserPlan = async (db: Db, userId: string, { lock = false } = {}) => {
  const row = await findPlanColumns(db, userId, { lock });
  if (!row) throw notFound('User not found');
  return row;
};
