import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { DRAFTS_LIST_DEFAULT_LIMIT } from '#contract/drafts-list';

/**
 * Every query key of the web app, in one place (decision 023). docs/product/app.md rule 6: a key is
 * the parts of the URL it reads, so the preload, a feature's own query and every cache update meet
 * on the same entry; `queryPath` turns a key back into that URL, so a key and its request cannot
 * drift apart.
 */
export const queryKeys = {
  user: ['/api/auth/user'],
  entitlements: ['/api/entitlements'],
  publicConfig: ['/api/config'],
  billingSummary: ['/api/billing/summary'],
  products: ['/api/products'],
  drafts: {
    /** The newest drafts as the loading screen's preload reads them; the dashboard counts them. */
    recent: [`/api/drafts?limit=${DRAFTS_LIST_DEFAULT_LIMIT}`],
    /** The Create hub's "Your Drafts" grid. */
    summaries: [`/api/drafts?limit=${DRAFTS_LIST_DEFAULT_LIMIT}&summary=true`],
    detail: (draftId: string) => ['/api/drafts', draftId] as const,
    /** As many drafts as one list gives (50): the characters page counts the work in progress. */
    upToFifty: ['/api/drafts?limit=50'],
    /** The draft made from a campaign item, if any (docs/product/create.md rule 3). */
    ofCampaignItem: (itemId: string) =>
      [`/api/drafts?limit=1&status=draft&originItemId=${encodeURIComponent(itemId)}`] as const,
  },
  campaigns: ['/api/campaigns'],
  campaignItems: (campaignId: string) => ['/api/campaigns', campaignId, 'items'] as const,
  /** One campaign item, whatever its campaign (the editors open and save back to it). */
  campaignItem: (itemId: string) => ['/api/campaign-items', itemId] as const,
  collections: ['/api/carousel-images/collections'],
  collectionImages: (collectionKey: string) =>
    ['/api/carousel-images/collections', collectionKey] as const,
  imageList: ['/api/carousel-images/list'],
  /** The user's product videos ("My Videos" of the Hook + Demo editor). */
  productVideos: ['/api/user-videos/list?unsigned=1'],
  /** Connected TikTok accounts and the default one (never tokens). */
  tiktokAccounts: ['/api/tiktok/accounts'],
  /** What TikTok allows one account (POST with the account in the query string). */
  tiktokCreatorInfo: (openId: string) => ['/api/tiktok/creator/info', openId] as const,
  /** The server's queue of posts (and later renders), newest first. */
  queue: ['/api/queue'],
  /** The template catalogue with use counts (docs/product/templates.md rule 1). */
  templates: ['/api/templates'],
  /** The analytics page's figures for one date range (decision 045). */
  analytics: (range: string) => [`/api/analytics?range=${range}`] as const,
  /** The built-in TikTok sandbox's inbox page (decision 025). */
  tiktokSandboxInbox: ['/tiktok-sandbox/api/inbox'],
  /** Hook + Demo editor: the pre-made characters and the user's own library. */
  premadeCharacters: ['/api/characters/list'],
  characterLibrary: ['/api/characters'],
  /** One render's status (GET /api/shotstack/status/{id}). */
  renderStatus: (renderId: string) => ['/api/shotstack/status', renderId] as const,
} as const;

/** The GET URL a key stands for: its parts joined with "/", every part after the first encoded. */
export const queryPath = (key: readonly string[]) =>
  key.map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/');

/** Every cached list of drafts; a saved, created or deleted draft makes each of them stale. */
const DRAFT_LISTS: readonly QueryKey[] = [
  queryKeys.drafts.recent,
  queryKeys.drafts.summaries,
  queryKeys.drafts.upToFifty,
];

export const invalidateDraftLists = (queryClient: QueryClient) =>
  Promise.all(
    DRAFT_LISTS.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })),
  );
