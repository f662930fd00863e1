import { Check } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '@/lib/utils';

type CharacterTileProps = {
  name: string;
  /**
   * The character itself: a clip plays on hover (docs/product/hook-demo.md rule 3), an image is
   * shown as is.
   */
  url: string;
  thumbnailUrl: string;
  isVideo: boolean;
  selected: boolean;
  onToggle: () => void;
};

/** One character of a grid; pressing the selected one again deselects it. */
export const CharacterTile = ({
  name,
  url,
  thumbnailUrl,
  isVideo,
  selected,
  onToggle,
}: CharacterTileProps) => {
  const video = useRef<HTMLVideoElement>(null);
  // play() refuses when the browser blocks it; a tile that stays still is fine.
  const play = () => void Promise.resolve(video.current?.play()).catch(() => undefined);
  const stop = () => {
    if (!video.current) return;
    video.current.pause();
    video.current.currentTime = 0;
  };
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={name}
      onClick={onToggle}
      onMouseEnter={isVideo ? play : undefined}
      onMouseLeave={isVideo ? stop : undefined}
      onFocus={isVideo ? play : undefined}
      onBlur={isVideo ? stop : undefined}
      className={cn(
        'group relative aspect-[9/16] overflow-hidden rounded-lg border-2 bg-muted transition outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        selected ? 'border-primary shadow-md' : 'border-transparent hover:border-primary/40',
      )}
    >
      {isVideo ? (
        <video
          ref={video}
          src={url}
          poster={thumbnailUrl}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          className="size-full object-cover"
        />
      ) : (
        <img src={thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
      )}
      <span className="absolute inset-x-0 bottom-0 truncate bg-linear-to-t from-black/70 to-transparent px-1.5 pt-4 pb-1 text-left text-[11px] font-medium text-white">
        {name}
      </span>
      {selected ? (
        <span className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Check aria-hidden="true" className="size-3" />
        </span>
      ) : null}
    </button>
  );
};
