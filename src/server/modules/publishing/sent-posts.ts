import type { Db } from '../../db/types';
import { findPostOutcomes } from './publishing-repo';
import { listDeliveredPosts, listSentPostsSince } from './sent-posts-repo';

export type { SentPost } from './sent-posts-repo';

/**
 * The user's sent posts as other modules ask for them (analytics, campaigns), without their media
 * or upload links.
 */
export const createSentPosts = (db: Db) => ({
  /** Posts that reached the account (inbox or posted): the ones a video can come from. */
  delivered: (userId: string, openId: string) => listDeliveredPosts(db, userId, openId),
  /** Posts sent since `since`, newest first, for recent activity. */
  since: (userId: string, since: Date, limit?: number) =>
    listSentPostsSince(db, userId, since, limit),
  /** Where each of the posts stands (state and TikTok's message), by post id. */
  outcomes: (userId: string, ids: string[]) => findPostOutcomes(db, userId, ids),
});

export type SentPosts = ReturnType<typeof createSentPosts>;
