import { Film, Images } from 'lucide-react';
import { Link } from 'react-router';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '@/components/ui/hover-card';
import type { TCampaignItemView } from '@/lib/campaign-items';
import { cn } from '@/lib/utils';
import { useCharacterPoster } from '../api/character-posters';
import type { CampaignColor } from '../lib/campaign-colors';
import { editorHref, itemMedia, itemTitle, previewImages, typeLabel } from '../lib/item-text';

const timeIn = (iso: string, timeZone: string) => {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(Date.parse(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(Date.parse(iso));
  }
};

/**
 * What hovering a chip shows (docs/product/campaigns.md rule 1): the item's video, or up to 4 slide
 * images.
 */
const ChipPreview = ({ item }: { item: TCampaignItemView }) => {
  const images = previewImages(item);
  const media = itemMedia(item);
  const poster = useCharacterPoster(media?.video ? media.url : null);
  return (
    <div className="space-y-2">
      {item.type === 'carousel' && images.length > 0 ? (
        <div className="grid grid-cols-2 gap-1">
          {images.map((url, i) => (
            <img
              key={`${url}-${i}`}
              src={url}
              alt=""
              className="aspect-square w-full rounded object-cover"
            />
          ))}
        </div>
      ) : item.type === 'video' && media ? (
        media.video ? (
          <video
            src={media.url}
            className="aspect-[9/16] max-h-64 w-full rounded bg-black object-cover"
            poster={poster ?? undefined}
            autoPlay
            muted
            loop
            playsInline
          />
        ) : (
          <img
            src={media.url}
            alt=""
            className="aspect-[9/16] max-h-64 w-full rounded object-cover"
          />
        )
      ) : (
        <p className="rounded bg-muted px-2 py-6 text-center text-xs text-muted-foreground">
          {item.type === 'carousel' ? 'No slide images yet' : 'No video yet'}
        </p>
      )}
      <p className="line-clamp-3 text-xs">{itemTitle(item)}</p>
    </div>
  );
};

type Props = {
  item: TCampaignItemView;
  campaignName: string;
  timeZone: string;
  color: CampaignColor | undefined;
};

/** A scheduled item on its day: a link to its editor that previews it on hover and focus. */
export const ItemChip = ({ item, campaignName, timeZone, color }: Props) => {
  const time = item.dateScheduled ? timeIn(item.dateScheduled, timeZone) : '';
  const Icon = item.type === 'carousel' ? Images : Film;
  return (
    <HoverCard openDelay={150} closeDelay={50}>
      <HoverCardTrigger asChild>
        <Link
          to={editorHref(item)}
          aria-label={`${time} ${typeLabel(item.type)}: ${itemTitle(item)} (${campaignName})`}
          className={cn(
            'flex w-full min-w-0 items-center gap-1 rounded border px-1 py-0.5 text-[11px] leading-tight text-foreground outline-none hover:brightness-95 focus-visible:ring-2 focus-visible:ring-ring',
            color?.soft ?? 'border-border bg-muted',
          )}
        >
          <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', color?.dot)} />
          <Icon aria-hidden="true" className="size-3 shrink-0 text-muted-foreground" />
          <span className="shrink-0 font-medium tabular-nums">{time}</span>
          <span className="truncate">{itemTitle(item)}</span>
        </Link>
      </HoverCardTrigger>
      <HoverCardContent side="right" align="start" className="w-56">
        <p className="mb-2 text-xs font-medium text-foreground">
          {typeLabel(item.type)} · {campaignName}
        </p>
        <ChipPreview item={item} />
      </HoverCardContent>
    </HoverCard>
  );
};
