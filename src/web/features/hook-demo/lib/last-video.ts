/**
 * Spec 02 §3/§9: the last rendered video, kept in this browser per user and per draft under
 * "ugc_last_video_{userId|anonymous}_{draft_{id}|global}" as { videoUrl }.
 */
export const lastVideoKey = (userId: string | null | undefined, draftId: string | undefined) =>
  `ugc_last_video_${userId || 'anonymous'}_${draftId ? `draft_${draftId}` : 'global'}`;

/** `hookText` (ours, beside the spec's videoUrl) gives the video its captions track. */
export type LastVideo = { videoUrl: string; hookText: string };

export const readLastVideo = (key: string): LastVideo | null => {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { videoUrl?: unknown; hookText?: unknown } | null;
    const url = parsed?.videoUrl;
    if (typeof url !== 'string' || url.length === 0) return null;
    return { videoUrl: url, hookText: typeof parsed?.hookText === 'string' ? parsed.hookText : '' };
  } catch {
    return null;
  }
};

export const writeLastVideo = (key: string, video: LastVideo) => {
  try {
    localStorage.setItem(key, JSON.stringify(video));
  } catch {
    // A full or blocked storage only loses the restore on the next visit.
  }
};

export const clearLastVideo = (key: string) => {
  try {
    localStorage.removeItem(key);
  } catch {
    /* nothing stored then */
  }
};
