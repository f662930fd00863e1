// Plain data, no zod: the landing page imports this and should not pay for the validator.
// The schemas are in plan-schemas.ts.
export const PLAN_KEYS = ['free', 'basic', 'plus', 'pro'] as const;
export type TPlanKey = (typeof PLAN_KEYS)[number];

export const PAID_PLAN_KEYS = ['basic', 'plus', 'pro'] as const;
export type TPaidPlanKey = (typeof PAID_PLAN_KEYS)[number];

export type TPlan = {
  key: TPlanKey;
  title: string;
  /** Monthly price in US cents; null for the free plan. */
  priceCents: number | null;
  /** Price as shown on the plan cards. */
  price: string;
  /** Videos/Photos per billing period; null means no quota (free shows no usage card). */
  quota: number | null;
  /** Products a user may keep; null means unlimited. */
  productLimit: number | null;
  campaigns: boolean;
  mostPopular: boolean;
  badge: string | null;
  features: string[];
};

const PAID_FEATURES = ['Automate Videos (Campaigns)', 'Post directly to TikTok'];

/**
 * docs/product/billing.md rule 1. The entitlements' limit takes precedence over this table on the
 * client.
 */
export const PLANS: Record<TPlanKey, TPlan> = {
  free: {
    key: 'free',
    title: 'Free',
    priceCents: null,
    price: '—',
    quota: null,
    productLimit: 1,
    campaigns: false,
    mostPopular: false,
    badge: null,
    features: ['1 Product'],
  },
  basic: {
    key: 'basic',
    title: 'Basic',
    priceCents: 1500,
    price: '$15/month',
    quota: 15,
    productLimit: 1,
    campaigns: true,
    mostPopular: false,
    badge: null,
    features: ['15 Videos/Photos per month', '1 Product', ...PAID_FEATURES],
  },
  plus: {
    key: 'plus',
    title: 'Plus',
    priceCents: 3900,
    price: '$39/month',
    quota: 50,
    productLimit: 5,
    campaigns: true,
    mostPopular: true,
    badge: 'Most Popular',
    features: ['50 Videos/Photos per month', '5 Products', ...PAID_FEATURES],
  },
  pro: {
    key: 'pro',
    title: 'Pro',
    priceCents: 7900,
    price: '$79/month',
    quota: 150,
    productLimit: null,
    campaigns: true,
    mostPopular: false,
    badge: null,
    features: [
      '150 Videos/Photos per month',
      'Unlimited Products',
      ...PAID_FEATURES,
      'Priority Support',
    ],
  },
};

/** The three cards shown on the landing page, /pricing, the upgrade dialog and settings. */
export const PLAN_CARDS = PAID_PLAN_KEYS.map((key) => PLANS[key]);

/** basic → plus, any other paid plan → pro (docs/product/billing.md rule 1). */
export const nextPlan = (plan: TPaidPlanKey): TPaidPlanKey => (plan === 'basic' ? 'plus' : 'pro');
