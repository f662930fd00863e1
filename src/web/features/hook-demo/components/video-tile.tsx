import { Check } from 'lucide-react';
import type { TUserVideo } from '#contract/user-videos';
import { cn } from '@/lib/utils';

/** One stored product video, shown by its thumbnail. */
export const VideoTile = ({
  video,
  selected,
  onPick,
}: {
  video: TUserVideo;
  selected: boolean;
  onPick: () => void;
}) => (
  <button
    type="button"
    aria-pressed={selected}
    aria-label={`${video.name} (${Math.round(video.durationSec)}s)`}
    onClick={onPick}
    className={cn(
      'relative aspect-[9/16] overflow-hidden rounded-lg border-2 bg-black transition outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
      selected ? 'border-primary shadow-md' : 'border-transparent hover:border-primary/40',
    )}
  >
    <img src={video.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
    <span className="absolute right-1 bottom-1 rounded bg-black/70 px-1 text-[10px] text-white tabular-nums">
      {Math.round(video.durationSec)}s
    </span>
    {selected ? (
      <span className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Check aria-hidden="true" className="size-3" />
      </span>
    ) : null}
  </button>
);
