import { createHash } from 'node:crypto';

export type SandboxVideoStats = {
  views: number;
  likes: number;
  comments: number;
  shares: number;
};

/** Six stable numbers in [0, 1) drawn from the post id: the video's "audience". */
const traits = (postId: string): number[] => {
  const digest = createHash('sha256').update(`hookreel-sandbox-stats:${postId}`).digest();
  return Array.from({ length: 6 }, (_, i) => digest.readUInt32BE(i * 4) / 2 ** 32);
};

/**
 * What a posted sandbox video has gathered `ageSeconds` after it was posted (decision 044): a
 * deterministic function of its id and its age, so the same clock gives the same figures on
 * every call and every machine, and they only ever grow. Views rise fast in the first hours and
 * keep a slow tail, like a real post; likes, comments and shares are steady shares of views.
 */
export const sandboxVideoStats = (postId: string, ageSeconds: number): SandboxVideoStats => {
  const hours = Math.max(0, ageSeconds) / 3600;
  const [reach, pace, tail, like, comment, share] = traits(postId) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const eventual = 800 + Math.floor(reach * 24_000);
  const halfLifeHours = 4 + pace * 20;
  const views = Math.floor(
    eventual * (1 - Math.exp(-hours / halfLifeHours)) + hours * (2 + tail * 18),
  );
  return {
    views,
    likes: Math.floor(views * (0.03 + like * 0.09)),
    comments: Math.floor(views * (0.002 + comment * 0.01)),
    shares: Math.floor(views * (0.001 + share * 0.008)),
  };
};
