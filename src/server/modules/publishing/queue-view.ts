import type { TPostState, TQueueItem, TQueueStatus } from '#contract/tiktok-posts';
import type { tiktokPosts } from '../../db/schema';
import { plainWords } from './plain-words';

type PostRow = typeof tiktokPosts.$inferSelect;

/**
 * docs/product/queue.md rule 3: post status → queue status, from the server's state (same mapping,
 * one step earlier).
 */
const QUEUE_STATUS: Record<TPostState, TQueueStatus> = {
  draft: 'pending',
  initialising: 'posting',
  uploading: 'posting',
  downloading: 'posting',
  in_inbox: 'review',
  published: 'completed',
  failed: 'failed',
};

/** docs/product/queue.md rule 4: progress by status. */
const PROGRESS: Record<TQueueStatus, number> = {
  pending: 10,
  in_queue: 25,
  in_progress: 75,
  posting: 75,
  review: 90,
  completed: 100,
  failed: 0,
};

/** TikTok's status word for each state, for the post/status answer when TikTok gave none yet. */
export const statusWord = (post: PostRow): string => {
  if (post.tiktokStatus) return post.tiktokStatus;
  if (post.state === 'failed') return 'FAILED';
  return post.kind === 'video' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
};

/**
 * Where "View Post" goes. TikTok's post page for a real account; for the built-in sandbox its
 * inbox page, which shows the post and its figures (a sandbox post has no page on tiktok.com).
 */
export type PostLinks = { sandboxInboxUrl?: string };

export const shareUrl = (
  post: PostRow,
  username: string | null,
  links: PostLinks = {},
): string | null => {
  const first = post.postIds[0];
  if (!first) return null;
  if (links.sandboxInboxUrl) return links.sandboxInboxUrl;
  if (!username) return null;
  return `https://www.tiktok.com/@${username}/${post.kind === 'photo' ? 'photo' : 'video'}/${first}`;
};

export const profileUrl = (username: string | null, links: PostLinks = {}) =>
  links.sandboxInboxUrl ?? (username ? `https://www.tiktok.com/@${username}` : null);

/** What the queue says of a posted item TikTok no longer shows to the public (decision 108). */
export const NO_LONGER_PUBLIC_WORDS =
  'No longer public on TikTok: it was made private or removed there. Check the post in the TikTok app.';

/**
 * docs/product/queue.md rule 5: hints. A failure's words are always the plain ones (TikTok's code
 * stays in
 * `fail_reason`); a draft has not met TikTok yet, so it names no TikTok status (decision 085).
 */
const hint = (status: TQueueStatus, post: PostRow, link: string | null): string => {
  if (status === 'review') return 'Uploaded. Open TikTok app to finish posting.';
  if (status === 'posting') return 'Uploading to TikTok…';
  if (status === 'failed') return `Failed: ${post.message ?? plainWords(post.failReason)}`;
  if (status === 'completed' && post.noLongerPublicAt) return NO_LONGER_PUBLIC_WORDS;
  if (status === 'completed') return link ? 'Posted on TikTok.' : 'Waiting for link…';
  if (post.state === 'draft') return 'Getting the post ready for TikTok…';
  return `Publishing status: ${statusWord(post)}`;
};

export const toQueueItem = (
  post: PostRow,
  username: string | null,
  links: PostLinks = {},
): TQueueItem => {
  const status = QUEUE_STATUS[post.state];
  const link = shareUrl(post, username, links);
  return {
    id: post.id,
    type: 'tiktok-post',
    kind: post.kind,
    prompt: post.title || (post.kind === 'photo' ? 'TikTok Carousel' : 'TikTok Post'),
    status,
    state: post.state,
    progress: PROGRESS[status],
    hint: hint(status, post, link),
    publish_id: post.publishId,
    tiktok_status: post.tiktokStatus,
    fail_reason: post.failReason,
    share_url: link,
    profile_url: profileUrl(username, links),
    origin_draft_id: post.originDraftId,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  };
};
