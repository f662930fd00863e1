import type { RouteObject } from 'react-router';

/**
 * The built-in TikTok sandbox's pages, one entry for the web app: the router mounts these routes
 * and the root layout asks `isTikTokSandboxPath`. Removing the sandbox removes this folder and
 * those two imports.
 */
export const TIKTOK_SANDBOX_WEB_PATH = '/tiktok-sandbox';

/**
 * The sandbox's pages stand in for TikTok's own (decision 024): an OAuth round trip through them
 * must not be cut short by Hookreel's onboarding redirect.
 */
export const isTikTokSandboxPath = (pathname: string) =>
  pathname.startsWith(TIKTOK_SANDBOX_WEB_PATH);

// Nothing to show while a page's code loads: the layouts above render meanwhile.
const PageCodeLoading = () => null;

/** Signed-in pages, so the router places them under its signed-in area. */
export const tiktokSandboxRoutes: RouteObject[] = [
  {
    // The inbox and failure switches (decision 025).
    path: TIKTOK_SANDBOX_WEB_PATH,
    HydrateFallback: PageCodeLoading,
    lazy: async () => ({
      Component: (await import('./components/sandbox-inbox-page')).SandboxInboxPage,
    }),
  },
  {
    // The consent page (decision 024).
    path: `${TIKTOK_SANDBOX_WEB_PATH}/v2/auth/authorize`,
    HydrateFallback: PageCodeLoading,
    lazy: async () => ({
      Component: (await import('./components/sandbox-authorize-page')).SandboxAuthorizePage,
    }),
  },
];
