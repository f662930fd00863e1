/** A video as listed, and a Hookreel post it may have come from. */
export type MatchVideo = { id: string; createTime: number; title: string };
export type MatchPost = {
  id: string;
  title: string;
  postIds: string[];
  createdAt: Date;
};
export type Match = { postId: string; matchedBy: 'post_id' | 'time_title' };

/** A draft may wait in the inbox this long before the user posts it from the app. */
export const MATCH_WINDOW_SECONDS = 7 * 24 * 3600;
/** Clocks differ; a video may claim a time a little before our record of the send. */
const CLOCK_SLACK_SECONDS = 120;

/** Titles compared as TikTok may return them: case, spacing and its truncation ignored. */
const normal = (title: string) => title.toLowerCase().replace(/\s+/g, ' ').trim();
const sameTitle = (postTitle: string, videoTitle: string) => {
  const a = normal(postTitle);
  const b = normal(videoTitle);
  if (!a || !b) return a === b;
  return a === b || a.startsWith(b) || b.startsWith(a);
};

/**
 * Ties each listed video to the Hookreel post that made it (decision 045). First by the post id
 * TikTok gave for the publish (`publicaly_available_post_id` or the webhook's `post_id`); a
 * draft the user finished in the app may never report one, so then by time and title as
 * decision 045 describes: the latest unmatched post sent before the video appeared, within
 * the window, whose title is the video's (both empty counts for videos, which carry none).
 * `taken` holds posts already tied to a video in an earlier sync; each post gets one video.
 */
export const matchVideosToPosts = (
  videos: readonly MatchVideo[],
  posts: readonly MatchPost[],
  taken: ReadonlySet<string> = new Set(),
): Map<string, Match> => {
  const matches = new Map<string, Match>();
  const used = new Set(taken);
  const byPostId = new Map<string, string>();
  for (const post of posts) for (const id of post.postIds) byPostId.set(id, post.id);

  for (const video of videos) {
    const postId = byPostId.get(video.id);
    if (postId) {
      matches.set(video.id, { postId, matchedBy: 'post_id' });
      used.add(postId);
    }
  }
  // Posts that reported ids are tied by them only: their other videos are not theirs.
  const open = posts.filter((p) => p.postIds.length === 0 && !used.has(p.id));
  const oldestFirst = [...videos]
    .filter((v) => !matches.has(v.id))
    .sort((a, b) => a.createTime - b.createTime);
  for (const video of oldestFirst) {
    let best: MatchPost | null = null;
    for (const post of open) {
      if (used.has(post.id)) continue;
      const sent = post.createdAt.getTime() / 1000;
      const wait = video.createTime - sent;
      if (wait < -CLOCK_SLACK_SECONDS || wait > MATCH_WINDOW_SECONDS) continue;
      if (!sameTitle(post.title, video.title)) continue;
      if (!best || post.createdAt > best.createdAt) best = post;
    }
    if (best) {
      matches.set(video.id, { postId: best.id, matchedBy: 'time_title' });
      used.add(best.id);
    }
  }
  return matches;
};
