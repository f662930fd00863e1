// Kept free of zod: the web's shared components and the server's errors both read these.

/**
 * The permissions (scopes) Hookreel asks TikTok for, in the words TikTok's consent screen shows
 * (what a seller unticked), and what Hookreel cannot do for an account without each. A seller
 * may untick any but the first two on TikTok's consent screen; the connection keeps what was
 * granted (decision 100).
 */
export const TIKTOK_PERMISSIONS = {
  'user.info.basic': {
    consent: 'Read your profile info (avatar, display name)',
    without: 'Hookreel cannot connect the account.',
  },
  'user.info.profile': {
    consent: 'Read your username and profile details',
    without: 'Hookreel shows the account without its @username.',
  },
  'video.upload': {
    consent: 'Share content to your account as a draft',
    without: 'Hookreel cannot send drafts to its TikTok inbox.',
  },
  'video.publish': {
    consent: 'Post content to your account directly',
    without:
      'Hookreel cannot read its posting settings (the nickname it posts as, the longest video TikTok takes from it); drafts still go to its inbox.',
  },
  'user.info.stats': {
    consent: 'Read your follower, like and video counts',
    without: 'Analytics cannot show its follower, like and video counts.',
  },
  'video.list': {
    consent: 'Read your public videos',
    without: 'Analytics cannot read its videos’ views, likes, comments and shares.',
  },
} as const satisfies Record<string, { consent: string; without: string }>;

export type TikTokScope = keyof typeof TIKTOK_PERMISSIONS;

/** Every scope Hookreel asks for, in the order TikTok's consent screen lists them. */
export const REQUESTED_TIKTOK_SCOPES = Object.keys(TIKTOK_PERMISSIONS) as TikTokScope[];

/** Without these the callback keeps nothing: the account could do nothing here. */
export const REQUIRED_TIKTOK_SCOPES = ['user.info.basic', 'video.upload'] as const;

/** The permission's name as the seller saw it on TikTok's consent screen. */
export const permissionName = (scope: string) =>
  (TIKTOK_PERMISSIONS as Record<string, { consent: string }>)[scope]?.consent ?? scope;

/** The one way to grant a permission later: TikTok's consent screen again, with it ticked. */
export const howToGrant = (scopes: readonly string[]) => {
  const names = scopes.map((s) => `“${permissionName(s)}”`);
  const list =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `To grant ${scopes.length === 1 ? 'it' : 'them'}, reconnect the account in Settings → TikTok and leave ${list} ticked on TikTok’s screen.`;
};
