import { POST_TITLE_MAX, PRIVACY_LEVELS } from '#contract/tiktok-posts';

export type PrivacyLevel = (typeof PRIVACY_LEVELS)[number];

const PRIVACY_ALIASES: Record<string, PrivacyLevel> = {
  PUBLIC_TO_EVERYONE: 'PUBLIC_TO_EVERYONE',
  PUBLIC: 'PUBLIC_TO_EVERYONE',
  EVERYONE: 'PUBLIC_TO_EVERYONE',
  MUTUAL_FOLLOW_FRIENDS: 'MUTUAL_FOLLOW_FRIENDS',
  FRIENDS: 'MUTUAL_FOLLOW_FRIENDS',
  FRIEND: 'MUTUAL_FOLLOW_FRIENDS',
  SELF_ONLY: 'SELF_ONLY',
  PRIVATE: 'SELF_ONLY',
  ONLY_ME: 'SELF_ONLY',
};

export const PRIVACY_LABELS: Record<PrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Public',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  SELF_ONLY: 'Only me',
};

/**
 * docs/product/publishing.md rule 4: normalised, de-duplicated, ordered public, friends, only me.
 */
export const normalisePrivacyOptions = (options: readonly string[]): PrivacyLevel[] => {
  const known = new Set(options.flatMap((o) => PRIVACY_ALIASES[o.toUpperCase()] ?? []));
  return PRIVACY_LEVELS.filter((level) => known.has(level));
};

export type Disclosure = { on: boolean; yourBrand: boolean; brandedContent: boolean };

/** docs/product/publishing.md rule 4: the label TikTok will put on the post. */
export const disclosureLabel = (d: Disclosure, what: 'photo' | 'video') => {
  if (!d.on) return null;
  if (d.brandedContent) return `Your ${what} will be labeled as 'Paid partnership'`;
  if (d.yourBrand) return `Your ${what} will be labeled as 'Promotional content'`;
  return null;
};

export const DISCLOSURE_REQUIRED =
  'You need to indicate if your content promotes yourself, a third party, or both.';

export const titleCounter = (title: string) => `${title.length}/${POST_TITLE_MAX} characters`;

/** docs/product/publishing.md rule 4: whether a video is longer than the creator may post. */
export const durationText = (durationSec: number, maxSec: number | null) => {
  const base = `Video duration: ${Math.round(durationSec)}s`;
  if (maxSec === null) return { text: base, tooLong: false };
  return durationSec > maxSec
    ? { text: `${base} (exceeds max allowed ${maxSec}s)`, tooLong: true }
    : { text: `${base} (max allowed ${maxSec}s)`, tooLong: false };
};
