import { ChevronRight } from 'lucide-react';
import type { TCampaign } from '#contract/campaigns';
import type { TProduct } from '#contract/products';
import type { TCampaignItemView } from '@/lib/campaign-items';
import { cn } from '@/lib/utils';
import type { CampaignColor } from '../lib/campaign-colors';

type Props = {
  campaigns: TCampaign[];
  colors: Map<string, CampaignColor>;
  itemsByCampaign: Map<string, TCampaignItemView[]>;
  products: TProduct[] | undefined;
  onOpenCampaign: (id: string) => void;
};

const dateLabel = (key: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${key}T00:00:00Z`),
  );

const cadenceLabel = (c: TCampaign) =>
  c.scheduleMode === 'dates'
    ? `${c.customDates.length} specific ${c.customDates.length === 1 ? 'date' : 'dates'}`
    : c.cadenceHours % 24 === 0
      ? c.cadenceHours === 24
        ? 'Every day'
        : `Every ${c.cadenceHours / 24} days`
      : `Every ${c.cadenceHours} hours`;

/** The campaigns as a list (openTab=list), newest first, each opening its items. */
export const CampaignList = ({
  campaigns,
  colors,
  itemsByCampaign,
  products,
  onOpenCampaign,
}: Props) => (
  <ul aria-label="Campaigns" className="grid gap-3">
    {campaigns.map((c) => {
      const items = itemsByCampaign.get(c.id) ?? [];
      const sent = items.filter((i) => i.lastJob?.status === 'done').length;
      // Still to go out: a sent item keeps its date but is counted as sent only.
      const scheduled = items.filter((i) => i.dateScheduled && i.lastJob?.status !== 'done').length;
      const product = products?.find((p) => p.id === c.productId)?.name;
      return (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => onOpenCampaign(c.id)}
            className="flex w-full items-center gap-4 rounded-xl border bg-card p-4 text-left shadow-xs transition-colors outline-none hover:border-primary/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span
              aria-hidden="true"
              className={cn('h-10 w-1.5 shrink-0 rounded-full', colors.get(c.id)?.dot)}
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{c.name}</span>
              <span className="block text-sm text-muted-foreground">
                {dateLabel(c.startDate)} – {dateLabel(c.endDate)} · {c.timezone} · {cadenceLabel(c)}
                {product ? ` · ${product}` : ''}
              </span>
            </span>
            <span className="hidden text-right text-sm text-muted-foreground sm:block">
              {items.length} items · {scheduled} scheduled · {sent} sent
            </span>
            <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
          </button>
        </li>
      );
    })}
  </ul>
);
