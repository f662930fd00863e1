import type { Db } from '../../db/types';
import { selectDraftOrigins } from './drafts-repo';

/**
 * What made a post, as publishing and analytics read it: the drafts' product, hook, plan and
 * assets, scoped by their owner (decision 160).
 */
export const createDraftOrigins = (db: Db) => ({
  of: (userId: string, ids: string[]) => selectDraftOrigins(db, userId, ids),
});

export type DraftOrigins = ReturnType<typeof createDraftOrigins>;
export type DraftOrigin = Awaited<ReturnType<DraftOrigins['of']>>[number];
