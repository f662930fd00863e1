/**
 * docs/product/accounts.md rule 4: check every 30 s; refresh when 3 checks or fewer remain before
 * expiry.
 */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_REFRESH_CHECKS_LEFT = 3;

export const shouldRefreshSession = (expiresAt: string, now = Date.now()) =>
  new Date(expiresAt).getTime() - now <= SESSION_REFRESH_CHECKS_LEFT * SESSION_CHECK_INTERVAL_MS;
