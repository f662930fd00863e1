/**
 * One colour per campaign, by its place in the list (oldest first, so a new campaign never
 * repaints the others). Text on each bar meets 4.5:1 contrast.
 */
const PALETTE = [
  { bar: 'bg-violet-600 text-white', dot: 'bg-violet-600', soft: 'bg-violet-50 border-violet-200' },
  { bar: 'bg-sky-700 text-white', dot: 'bg-sky-700', soft: 'bg-sky-50 border-sky-200' },
  {
    bar: 'bg-emerald-700 text-white',
    dot: 'bg-emerald-700',
    soft: 'bg-emerald-50 border-emerald-200',
  },
  { bar: 'bg-rose-600 text-white', dot: 'bg-rose-600', soft: 'bg-rose-50 border-rose-200' },
  { bar: 'bg-amber-700 text-white', dot: 'bg-amber-700', soft: 'bg-amber-50 border-amber-200' },
  {
    bar: 'bg-fuchsia-700 text-white',
    dot: 'bg-fuchsia-700',
    soft: 'bg-fuchsia-50 border-fuchsia-200',
  },
  { bar: 'bg-teal-700 text-white', dot: 'bg-teal-700', soft: 'bg-teal-50 border-teal-200' },
  { bar: 'bg-indigo-600 text-white', dot: 'bg-indigo-600', soft: 'bg-indigo-50 border-indigo-200' },
] as const;

export type CampaignColor = (typeof PALETTE)[number];

export const campaignColors = (
  campaigns: readonly { id: string; createdAt: string }[],
): Map<string, CampaignColor> => {
  const oldestFirst = [...campaigns].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  return new Map(oldestFirst.map((c, i) => [c.id, PALETTE[i % PALETTE.length]!]));
};
