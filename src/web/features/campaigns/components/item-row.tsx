import { CalendarX, Film, Images, Loader2, Save, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TCampaign } from '#contract/campaigns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { TCampaignItemView } from '@/lib/campaign-items';
import { useCharacterPoster } from '../api/character-posters';
import { editorHref, strategyLabel, thumbnailOf, typeLabel } from '../lib/item-text';
import { wallClockIn, zonedLabel } from '../lib/zoned-time';

type Busy = { generating: boolean; scheduling: boolean; unscheduling: boolean };

type Props = {
  item: TCampaignItemView;
  campaign: TCampaign;
  busy: Busy;
  onGenerate: () => void;
  onSchedule: (at: string) => void;
  onUnschedule: () => void;
};

/**
 * docs/product/campaigns.md rule 6: failed → destructive, done → default, anything else →
 * secondary.
 */
const badgeVariant = (status: string) =>
  status === 'failed' ? 'destructive' : status === 'done' ? 'default' : 'secondary';

const Thumbnail = ({ item }: { item: TCampaignItemView }) => {
  const thumb = thumbnailOf(item);
  const poster = useCharacterPoster(thumb?.video ? thumb.url : null);
  const Icon = item.type === 'carousel' ? Images : Film;
  if (!thumb) {
    return (
      <div className="flex aspect-square w-20 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </div>
    );
  }
  if (poster) {
    return (
      <img
        src={poster}
        alt=""
        className="aspect-square w-20 shrink-0 self-start rounded-md object-cover"
      />
    );
  }
  return thumb.video ? (
    <video
      // A frame from half a second in: many clips open on black.
      src={`${thumb.url}#t=0.5`}
      muted
      playsInline
      preload="auto"
      aria-hidden="true"
      className="aspect-square w-20 shrink-0 self-start rounded-md bg-black object-cover"
    />
  ) : (
    <img
      src={thumb.url}
      alt=""
      className="aspect-square w-20 shrink-0 self-start rounded-md object-cover"
    />
  );
};

/** One item of the Campaign Items dialog (docs/product/campaigns.md rule 6). */
export const ItemRow = ({ item, campaign, busy, onGenerate, onSchedule, onUnschedule }: Props) => {
  const id = useId();
  const [at, setAt] = useState(() =>
    item.dateScheduled ? wallClockIn(item.dateScheduled, campaign.timezone) : '',
  );
  const sent = item.lastJob?.status === 'done';
  const returnTo = `/campaigns?openCampaign=${campaign.id}`;

  return (
    <li className="flex gap-4 rounded-lg border p-4">
      <Thumbnail item={item} />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <Link
              to={editorHref(item, returnTo)}
              className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
            >
              {typeLabel(item.type)} • {strategyLabel(item.strategy)}
            </Link>
            {item.hook ? <p className="font-medium">{item.hook}</p> : null}
            {item.caption ? (
              <p className="line-clamp-2 text-sm text-muted-foreground">{item.caption}</p>
            ) : null}
            {!item.hook && !item.caption ? (
              <p className="text-sm text-muted-foreground">No content yet.</p>
            ) : null}
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onGenerate}
            disabled={busy.generating || sent}
          >
            {busy.generating ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            {busy.generating
              ? 'Generating…'
              : item.type === 'carousel'
                ? 'Generate Carousel'
                : 'Generate Hook'}
          </Button>
        </div>

        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-at`} className="text-xs">
              Date and time ({campaign.timezone})
            </Label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              className="h-8 w-auto"
              disabled={sent}
            />
          </div>
          <Button
            type="button"
            size="sm"
            onClick={() => onSchedule(at)}
            disabled={!at || busy.scheduling || sent}
          >
            {busy.scheduling ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={onUnschedule}
            disabled={!item.dateScheduled || busy.unscheduling || sent}
          >
            <CalendarX aria-hidden="true" />
            Unschedule
          </Button>
        </div>

        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>
            Scheduled:{' '}
            {item.dateScheduled ? zonedLabel(item.dateScheduled, campaign.timezone) : 'not yet'}
          </span>
          {item.lastJob ? (
            <>
              <Badge variant={badgeVariant(item.lastJob.status)}>{item.lastJob.status}</Badge>
              <time dateTime={item.lastJob.updated_at}>
                {zonedLabel(item.lastJob.updated_at, campaign.timezone)}
              </time>
              {item.lastJob.last_error ? (
                <span className="w-full text-destructive">{item.lastJob.last_error}</span>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
};
