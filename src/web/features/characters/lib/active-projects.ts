import type { TCampaign } from '#contract/campaigns';

/** One list answers at most 50 drafts; past that the figure reads "50+". */
export const DRAFT_COUNT_CAP = 50;

/** A campaign is in progress until its last day has passed (YYYY-MM-DD compares as text). */
export const campaignsInProgress = (campaigns: readonly TCampaign[], today: string) =>
  campaigns.filter((c) => c.endDate >= today).length;

/**
 * "Active Projects" (issue 13: a real figure, not a hard-coded 12): the drafts being
 * worked on plus the campaigns still running.
 */
export const activeProjectsLabel = (drafts: number, campaigns: number) =>
  drafts >= DRAFT_COUNT_CAP ? `${drafts + campaigns}+` : String(drafts + campaigns);

/** docs/product/characters.md rule 3: Credits Used is the library's size × 0.25. */
export const creditsUsedLabel = (count: number, perCharacter: number) =>
  (count * perCharacter).toFixed(2).replace(/\.?0+$/, '') || '0';
