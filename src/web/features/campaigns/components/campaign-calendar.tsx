import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import type { TCampaign } from '#contract/campaigns';
import { Button } from '@/components/ui/button';
import type { TCampaignItemView } from '@/lib/campaign-items';
import { cn } from '@/lib/utils';
import type { MonthRef } from '../lib/calendar';
import {
  WEEKDAY_NAMES,
  assignLanes,
  barPiece,
  dayKeyInZone,
  dayLabel,
  monthTitle,
  monthWeeks,
  shiftMonth,
} from '../lib/calendar';
import type { CampaignColor } from '../lib/campaign-colors';
import { ItemChip } from './item-chip';

type Props = {
  month: MonthRef;
  onMonthChange: (month: MonthRef) => void;
  onToday: () => void;
  today: string;
  campaigns: TCampaign[];
  colors: Map<string, CampaignColor>;
  itemsByCampaign: Map<string, TCampaignItemView[]>;
  onOpenCampaign: (campaignId: string) => void;
};

type DayItem = { item: TCampaignItemView; campaign: TCampaign };

/** Scheduled items by the day they fall on in their campaign's time zone. */
const itemsByDay = (campaigns: TCampaign[], itemsByCampaign: Map<string, TCampaignItemView[]>) => {
  const days = new Map<string, DayItem[]>();
  for (const campaign of campaigns) {
    for (const item of itemsByCampaign.get(campaign.id) ?? []) {
      if (!item.dateScheduled) continue;
      const key = dayKeyInZone(item.dateScheduled, campaign.timezone);
      if (!key) continue;
      days.set(key, [...(days.get(key) ?? []), { item, campaign }]);
    }
  }
  for (const list of days.values()) {
    list.sort((a, b) => (a.item.dateScheduled ?? '').localeCompare(b.item.dateScheduled ?? ''));
  }
  return days;
};

const fullDate = (key: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${key}T00:00:00Z`),
  );

/**
 * docs/product/campaigns.md rule 1: the month calendar, Monday first, a bar per campaign, chips per
 * scheduled item.
 */
export const CampaignCalendar = ({
  month,
  onMonthChange,
  onToday,
  today,
  campaigns,
  colors,
  itemsByCampaign,
  onOpenCampaign,
}: Props) => {
  const titleId = useId();
  const weeks = monthWeeks(month);
  const lanes = assignLanes(campaigns, weeks);
  const laneCount = Math.max(0, ...lanes.values()) + (lanes.size > 0 ? 1 : 0);
  const dayItems = itemsByDay(campaigns, itemsByCampaign);
  const laneCampaigns = (day: string) =>
    Array.from({ length: laneCount }, (_, lane) =>
      campaigns.find((c) => lanes.get(c.id) === lane && c.startDate <= day && c.endDate >= day),
    );

  return (
    <section aria-labelledby={titleId} className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-wrap items-center gap-2 border-b px-4 py-3">
        <h2 id={titleId} className="mr-auto text-lg font-semibold">
          {monthTitle(month)}
        </h2>
        <Button type="button" variant="outline" size="sm" onClick={onToday}>
          Today
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Previous month"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Next month"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      <div role="grid" aria-labelledby={titleId} className="overflow-x-auto">
        <div role="row" className="grid min-w-[640px] grid-cols-7 border-b bg-muted/40">
          {WEEKDAY_NAMES.map((name) => (
            <div
              key={name}
              role="columnheader"
              aria-label={name}
              className="px-2 py-1.5 text-xs font-medium text-muted-foreground"
            >
              {name.slice(0, 3)}
            </div>
          ))}
        </div>
        {weeks.map((week) => {
          const weekStart = week[0]!.key;
          const weekEnd = week[6]!.key;
          return (
            <div
              key={weekStart}
              role="row"
              className="grid min-w-[640px] grid-cols-7 border-b last:border-b-0"
            >
              {week.map((day) => {
                const items = dayItems.get(day.key) ?? [];
                const isToday = day.key === today;
                return (
                  <div
                    key={day.key}
                    role="gridcell"
                    data-outside-month={day.inMonth ? undefined : 'true'}
                    aria-label={`${dayLabel(day.key)}${items.length ? `, ${items.length} scheduled` : ''}`}
                    className={cn(
                      'flex min-h-28 min-w-0 flex-col gap-1 border-r pb-1.5 last:border-r-0',
                      !day.inMonth && 'bg-muted/50 text-muted-foreground',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'mx-1.5 mt-1 flex size-6 items-center justify-center self-start rounded-full text-xs font-medium',
                        isToday && 'bg-primary text-primary-foreground',
                      )}
                    >
                      {day.dayOfMonth}
                    </span>
                    {laneCampaigns(day.key).map((campaign, lane) => {
                      if (!campaign) return <div key={lane} aria-hidden="true" className="h-5" />;
                      const piece = barPiece(campaign, day.key, weekStart, weekEnd)!;
                      const color = colors.get(campaign.id);
                      const shape = cn(
                        'flex h-5 items-center overflow-hidden text-[11px] font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
                        color?.bar,
                        piece.starts ? 'ml-1 rounded-l-md pl-1.5' : '-ml-px',
                        piece.ends ? 'mr-1 rounded-r-md' : '',
                      );
                      return piece.starts ? (
                        <button
                          key={campaign.id}
                          type="button"
                          className={shape}
                          onClick={() => onOpenCampaign(campaign.id)}
                          aria-label={`${campaign.name}, ${fullDate(campaign.startDate)} to ${fullDate(campaign.endDate)}: open its items`}
                        >
                          <span className="truncate">{campaign.name}</span>
                        </button>
                      ) : (
                        // The rest of the bar: the same click for the mouse; keyboard and screen
                        // readers use the labelled start of the bar in this week.
                        <button
                          key={campaign.id}
                          type="button"
                          tabIndex={-1}
                          aria-hidden="true"
                          className={shape}
                          onClick={() => onOpenCampaign(campaign.id)}
                        />
                      );
                    })}
                    {items.length > 0 ? (
                      <ul className="flex min-w-0 flex-col gap-0.5 px-1" aria-label="Scheduled">
                        {items.map(({ item, campaign }) => (
                          <li key={item.id} className="min-w-0">
                            <ItemChip
                              item={item}
                              campaignName={campaign.name}
                              timeZone={campaign.timezone}
                              color={colors.get(campaign.id)}
                            />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
};
