import { createHash } from 'node:crypto';

/** A test account's avatar: its initials on a colour drawn from its open_id. */
export const avatarSvg = (openId: string, displayName: string) => {
  const hue = createHash('sha256').update(openId).digest()[0]! * (360 / 256);
  const initials =
    displayName
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => [...w][0]!.toUpperCase())
      .join('') || '?';
  const safe = initials.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><rect width="100" height="100" rx="50" fill="hsl(${Math.round(hue)} 65% 45%)"/><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" font-weight="600" fill="#fff">${safe}</text></svg>`;
};

export const avatarUrl = (publicOrigin: string, openId: string) =>
  `${publicOrigin}/tiktok-sandbox/avatars/${openId}.svg`;
