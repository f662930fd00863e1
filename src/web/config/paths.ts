/**
 * The route table of docs/product/app.md rule 1; `getHref` builds links so no path is typed twice.
 */
export const paths = {
  landing: { path: '/', getHref: () => '/' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  pricing: {
    path: '/pricing',
    getHref: (params?: { reason?: string; return?: string }) => {
      const q = new URLSearchParams();
      if (params?.reason) q.set('reason', params.reason);
      if (params?.return) q.set('return', params.return);
      const s = q.toString();
      return s ? `/pricing?${s}` : '/pricing';
    },
  },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  tiktokCallback: { path: '/app/tiktok-callback', getHref: () => '/app/tiktok-callback' },
  tiktokDebug: { path: '/tiktok-debug', getHref: () => '/tiktok-debug' },
  dashboard: { path: '/app', getHref: () => '/app' },
  create: { path: '/create', getHref: () => '/create' },
  campaigns: { path: '/campaigns', getHref: () => '/campaigns' },
  templates: { path: '/templates', getHref: () => '/templates' },
  characters: { path: '/characters', getHref: () => '/characters' },
  analytics: { path: '/analytics', getHref: () => '/analytics' },
  products: { path: '/products', getHref: () => '/products' },
  settings: {
    path: '/settings',
    getHref: (tab?: 'general' | 'tiktok' | 'billing') =>
      tab ? `/settings?tab=${tab}` : '/settings',
  },
} as const;

/** Paths anyone may open signed out (prefix match for /reset-password and the TikTok debug page). */
export const isPublicPath = (pathname: string) =>
  pathname === '/' ||
  pathname === paths.terms.path ||
  pathname === paths.privacy.path ||
  pathname === paths.pricing.path ||
  pathname.startsWith(paths.resetPassword.path) ||
  pathname === paths.tiktokDebug.path;
