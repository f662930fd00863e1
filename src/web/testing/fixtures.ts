import type { TDraft } from '#contract/drafts';
import type { TEntitlements } from '#contract/entitlements';
import type { TProduct } from '#contract/products';
import type { TTikTokAccounts, TTikTokCreatorInfoResponse } from '#contract/tiktok';
import type { TAuthUser } from '#contract/user';

const CREATED = '2025-03-04T15:30:00.000Z';

/** The signed-in user as GET /api/user answers it: a Plus seller without TikTok by default. */
export const authUserFixture = (over: Partial<TAuthUser> = {}): TAuthUser => ({
  id: 'u1',
  email: 'jane@example.com',
  emailVerified: true,
  firstName: 'Jane',
  lastName: 'Doe',
  fullName: 'Jane Doe',
  displayName: 'Jane Doe',
  profileImageUrl: null,
  timezone: 'Europe/Paris',
  plan: 'plus',
  subscriptionStatus: null,
  subscription_status: null,
  stripeCustomerId: null,
  stripe_customer_id: null,
  stripeSubscriptionId: null,
  stripe_subscription_id: null,
  stripePriceId: null,
  stripe_price_id: null,
  currentPeriodEnd: null,
  current_period_end: null,
  tiktokAccessToken: null,
  tiktokAvatarUrl: null,
  tiktokDisplayName: null,
  tiktokUsername: null,
  createdAt: CREATED,
  ...over,
});

/** GET /api/entitlements for that seller: Plus, 50 generations a month, none used yet. */
export const entitlementsFixture = (over: Partial<TEntitlements> = {}): TEntitlements => ({
  canAccessApp: true,
  canGenerate: true,
  reason: null,
  plan: 'plus',
  limit: 50,
  remainingQuota: 50,
  used: 0,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  ...over,
});

/** A draft as GET /api/drafts/{id} answers it: an empty carousel unless `over` says otherwise. */
export const draftFixture = (over: Partial<TDraft> = {}): TDraft => ({
  id: 'd1',
  type: 'carousel',
  productId: null,
  hook: null,
  caption: null,
  hashtags: [],
  carouselPlan: null,
  assets: {},
  status: 'draft',
  originItemId: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  ...over,
});

/** A product as GET /api/products answers it, not yet analysed unless `over` says otherwise. */
export const productFixture = (over: Partial<TProduct> = {}): TProduct => ({
  id: 'p1',
  name: 'Glow Serum',
  description: '$24 vitamin C serum',
  images: [],
  thumbnails: [],
  isDefault: true,
  brandVoice: null,
  aiBrief: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  ...over,
});

/** GET /api/tiktok/accounts with one connected account, the default. */
export const tiktokAccountsFixture = (): TTikTokAccounts => ({
  accounts: [
    {
      open_id: 'open-1',
      username: 'shop',
      display_name: 'Shop',
      avatar_url: null,
      is_default: true,
      reconnect_needed: false,
      missing_scopes: [],
    },
  ],
  default_open_id: 'open-1',
});

/** POST /api/tiktok/creator/info for that account, posting as "Shop Nick". */
export const creatorInfoFixture = (maxVideoSec = 60): TTikTokCreatorInfoResponse => ({
  data: {
    creator_avatar_url: '',
    creator_username: 'shop',
    creator_nickname: 'Shop Nick',
    privacy_level_options: ['PUBLIC_TO_EVERYONE'],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: maxVideoSec,
  },
  error: { code: 'ok', message: '' },
});
