import { paths } from '@/config/paths';

export type NextBestActionKey = 'connect' | 'product' | 'create' | 'schedule';
export type StepStatus = 'done' | 'active' | 'pending';

export type NextBestActionStep = {
  key: NextBestActionKey;
  label: string;
  to: string;
};

/** docs/product/dashboard.md rule 3, in this order. */
export const NEXT_BEST_ACTION_STEPS: readonly NextBestActionStep[] = [
  // The TikTok tab of /settings, where the connection is made.
  { key: 'connect', label: 'Connect TikTok', to: paths.settings.getHref('tiktok') },
  { key: 'product', label: 'Add a Product', to: paths.products.getHref() },
  { key: 'create', label: 'Create Content', to: paths.create.getHref() },
  { key: 'schedule', label: 'Create a Campaign', to: paths.campaigns.getHref() },
];

/** docs/product/dashboard.md rule 3: "1" hides the card in this browser for good. */
export const NBA_DISMISSED_KEY = 'nba_done_dismissed';

export type CampaignFacts = { itemDates: (string | null)[] };

export type NextBestActionFacts = {
  /** The user record carries tiktokAccessToken. */
  tiktokConnected: boolean;
  productCount: number;
  /** Each campaign with the dateScheduled of its items (empty when they could not be read). */
  campaigns: readonly CampaignFacts[];
  /** Drafts the user has made in the Create tools. */
  draftCount: number;
  now: Date;
};

const isFuture = (date: string | null, now: Date) => {
  if (!date) return false;
  const at = new Date(date).getTime();
  return Number.isFinite(at) && at > now.getTime();
};

/**
 * Which steps are done (docs/product/dashboard.md rule 3). "Create Content" is done when a campaign
 * has an item, and also once the user has a draft: content made in the Create
 * tools is content created, and free plans cannot have campaigns at all.
 */
export const doneSteps = (facts: NextBestActionFacts): Record<NextBestActionKey, boolean> => ({
  connect: facts.tiktokConnected,
  product: facts.productCount > 0,
  create: facts.campaigns.some((c) => c.itemDates.length > 0) || facts.draftCount > 0,
  schedule:
    facts.campaigns.length > 0 ||
    facts.campaigns.some((c) => c.itemDates.some((d) => isFuture(d, facts.now))),
});

export type StepWithStatus = NextBestActionStep & { status: StepStatus };

/** The active step is the first one not done; later steps not done are pending. */
export const stepsWithStatus = (done: Record<NextBestActionKey, boolean>): StepWithStatus[] => {
  const active = NEXT_BEST_ACTION_STEPS.find((s) => !done[s.key])?.key;
  return NEXT_BEST_ACTION_STEPS.map((step) => ({
    ...step,
    status: done[step.key] ? 'done' : step.key === active ? 'active' : 'pending',
  }));
};
