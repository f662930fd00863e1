import type { Database } from '../../db/client';
import { TikTokApiError } from '../../adapters/tiktok/tiktok-api';
import {
  listDueOpenPosts,
  listStaleDrafts,
  listUnconfirmedInits,
  patchPost,
} from './publishing-repo';
import type { PublishingEnqueue, PublishingService } from './publishing-service';
import { isFinal } from './publishing-service';

/** After the fast polling's deadline, a post is checked this often… */
export const RECONCILE_INTERVAL_MS = 10 * 60 * 1000;
/** …for this long after its init; then it is failed with "check your inbox". */
const GIVE_UP_AFTER_MS = 72 * 60 * 60 * 1000;
/** Drafts in the inbox are checked for PUBLISH_COMPLETE for a day (webhooks usually tell first). */
const INBOX_WATCH_MS = 24 * 60 * 60 * 1000;
/** An init still unrecorded after this is not in flight any more: its process died. */
const INIT_UNCONFIRMED_AFTER_MS = 5 * 60 * 1000;

/**
 * The reconciliation schedule (decision 027): resumes polling a post whose job was lost, checks
 * slowly after the fast polling's deadline, gives up honestly after 72 h, and settles inits
 * whose outcome no process recorded — never by sending them again.
 */
export const reconcilePosts = async (deps: {
  db: Database;
  service: PublishingService;
  enqueue: PublishingEnqueue;
  log: (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;
  now?: Date;
}) => {
  const now = deps.now ?? new Date();
  for (const post of await listUnconfirmedInits(
    deps.db,
    new Date(now.getTime() - INIT_UNCONFIRMED_AFTER_MS),
  )) {
    await deps.service.failPost(post, ['initialising'], 'init_unconfirmed');
    deps.log('warn', `tiktok post ${post.id}: init outcome unknown, not sent again`);
  }
  for (const post of await listStaleDrafts(deps.db, new Date(now.getTime() - 60 * 60 * 1000))) {
    await deps.service.failPost(post, ['draft'], 'not_sent');
  }
  for (const post of await listDueOpenPosts(deps.db, now)) {
    const sinceInit = now.getTime() - (post.initStartedAt ?? post.createdAt).getTime();
    if (post.state === 'uploading' && post.kind === 'video' && !post.media.uploaded) {
      // A live sender renews its lease; one whose lease ran out died, and the upload resumes now
      // rather than when the queue gives up on its job (decision 073).
      const held = post.uploadLeaseUntil && post.uploadLeaseUntil > now;
      if (!held) await deps.enqueue.upload(post.id);
      await patchPost(deps.db, post.id, { nextCheckAt: new Date(now.getTime() + 60_000) });
      continue;
    }
    const fastPolling = post.deadlineAt && post.deadlineAt > now;
    if (fastPolling) {
      // Its poll job was lost (the process died before sending it): start it again.
      await deps.enqueue.poll(post.id, 0);
      await patchPost(deps.db, post.id, { nextCheckAt: new Date(now.getTime() + 60_000) });
      continue;
    }
    if (sinceInit > (post.state === 'in_inbox' ? INBOX_WATCH_MS : GIVE_UP_AFTER_MS)) {
      if (post.state === 'in_inbox') {
        await patchPost(deps.db, post.id, { nextCheckAt: null });
      } else {
        await deps.service.failPost(post, [post.state], 'status_unknown');
      }
      continue;
    }
    try {
      const checked = await deps.service.checkStatus(post);
      // A refused check stops the watch itself (next_check_at cleared): nothing more to ask.
      if (!isFinal(checked.state) && checked.nextCheckAt !== null) {
        await patchPost(deps.db, post.id, {
          nextCheckAt: new Date(now.getTime() + RECONCILE_INTERVAL_MS),
        });
      }
    } catch (error) {
      deps.log('warn', `tiktok post ${post.id}: reconciliation check failed`, {
        err: error,
        logId: error instanceof TikTokApiError ? error.logId : undefined,
      });
      await patchPost(deps.db, post.id, {
        nextCheckAt: new Date(now.getTime() + RECONCILE_INTERVAL_MS),
      });
    }
  }
};
