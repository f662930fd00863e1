import type { DemoPacing } from './demo-state';
import { readPacing } from './demo-state';

/**
 * docs/product/hook-demo.md rule 9: the last rendered video, kept in this browser per user and per
 * draft under "ugc_last_video_{userId|anonymous}_{draft_{id}|global}" as { videoUrl }.
 */
export const lastVideoKey = (userId: string | null | undefined, draftId: string | undefined) =>
  `ugc_last_video_${userId || 'anonymous'}_${draftId ? `draft_${draftId}` : 'global'}`;

/**
 * `hookText` and the pacing (ours, beside videoUrl) give the video its captions track:
 * the hook is on screen for the UGC part the video was rendered with, whatever the draft says now.
 * Entries saved before the pacing was kept read as the default 5 s + 5 s.
 */
export type LastVideo = { videoUrl: string; hookText: string } & DemoPacing;

export const readLastVideo = (key: string): LastVideo | null => {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Record<keyof LastVideo, unknown>> | null;
    if (!parsed || typeof parsed.videoUrl !== 'string' || !parsed.videoUrl) return null;
    return {
      videoUrl: parsed.videoUrl,
      hookText: typeof parsed.hookText === 'string' ? parsed.hookText : '',
      ...readPacing(parsed),
    };
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
