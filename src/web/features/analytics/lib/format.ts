const whole = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 1,234 under ten thousand; 12.3K above, as TikTok shows counts. */
export const formatCount = (n: number) => (n < 10_000 ? whole.format(n) : compact.format(n));

/** An engagement rate (0–1) as "4.2%", or an em dash without views. */
export const formatRate = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;

/** "24 Nov, 21:05" in the viewer's time zone. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** "24 Nov" for a chart's day (an ISO date, read as UTC). */
export const formatDay = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
