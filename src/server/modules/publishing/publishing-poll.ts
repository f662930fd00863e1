import { AppError } from '../../errors';
import { TikTokApiError } from '../../adapters/tiktok/tiktok-api';
import type { Database } from '../../db/client';
import { findPostById, patchPost } from './publishing-repo';
import type { PublishingService } from './publishing-service';
import { isFinal, nextPollSeconds } from './publishing-service';

/**
 * One step of a post's fast polling. Resolves to the seconds until the next check, or null when
 * polling stops (final, past its deadline — the reconciliation takes over — or not ours to poll).
 */
export const pollPostOnce = async (
  deps: {
    db: Database;
    service: PublishingService;
    log: (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;
  },
  postId: string,
  now = new Date(),
): Promise<number | null> => {
  const post = await findPostById(deps.db, postId);
  if (!post?.publishId || isFinal(post.state) || post.state === 'in_inbox') return null;
  if (post.kind === 'video' && !post.media.uploaded) return null;
  if (post.deadlineAt && post.deadlineAt <= now) {
    await patchPost(deps.db, post.id, { nextCheckAt: now });
    return null;
  }
  const sinceInit = now.getTime() - (post.initStartedAt ?? post.createdAt).getTime();
  try {
    const checked = await deps.service.checkStatus(post);
    if (isFinal(checked.state) || checked.state === 'in_inbox') {
      // The inbox draft may still be posted from the app: the schedule watches for that.
      await patchPost(deps.db, post.id, {
        nextCheckAt: isFinal(checked.state) ? null : new Date(now.getTime() + 10 * 60 * 1000),
      });
      return null;
    }
  } catch (error) {
    // Our own budget or TikTok's 429: wait as told. Anything else: the next check tries again.
    const wait =
      error instanceof AppError
        ? error.retryAfterSeconds
        : error instanceof TikTokApiError
          ? error.retryAfterSeconds
          : null;
    deps.log('warn', `tiktok post ${post.id}: status check failed`, {
      err: error,
      logId: error instanceof TikTokApiError ? error.logId : undefined,
    });
    if (error instanceof AppError && error.code === 'tiktok_reconnect_needed') return null;
    return Math.max(wait ?? 0, nextPollSeconds(sinceInit));
  }
  return nextPollSeconds(sinceInit);
};
