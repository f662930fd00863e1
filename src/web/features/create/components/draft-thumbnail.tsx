import { useEffect, useRef } from 'react';
import type { TDraftSummary } from '#contract/drafts';
import { playWhileVisible } from '@/lib/play-while-visible';
import { cn } from '@/lib/utils';
import { useCyclingIndex } from '../hooks/use-cycling-index';
import { draftSlideImages, isVideoUrl } from '../lib/draft-title';

/** docs/product/create.md rule 2: carousel thumbnails cycle every 1 s. */
export const THUMBNAIL_CYCLE_MS = 1000;

/**
 * A video draft's character clip, looping while the card is in view: eight drafts' clips decoding
 * at once, most of them scrolled away, cost a seller's laptop a core for nothing. With reduced
 * motion it shows its first frame and does not move (decision 251).
 */
const CharacterClip = ({ src, className }: { src: string; className: string }) => {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    return video ? playWhileVisible(video, { reducedMotion: 'still' }) : undefined;
  }, [src]);
  return (
    <video
      ref={ref}
      src={src}
      className={className}
      muted
      loop
      playsInline
      preload="metadata"
      aria-hidden="true"
    />
  );
};

/**
 * docs/product/create.md rule 2: the slide images in turn; or the video draft's character (image or
 * clip); or an "IMG" / "UGC" placeholder. Decorative: the card's text names the draft.
 */
export const DraftThumbnail = ({ draft }: { draft: TDraftSummary }) => {
  const images = draft.type === 'carousel' ? draftSlideImages(draft) : [];
  const index = useCyclingIndex(images.length, THUMBNAIL_CYCLE_MS);
  const character = draft.type === 'video' ? draft.selectedCharacter?.trim() : undefined;
  const frame = 'absolute inset-0 size-full object-cover';

  if (images.length > 0) {
    return (
      <div className="relative size-full">
        {images.map((url, i) => (
          <img
            key={`${i}-${url}`}
            src={url}
            alt=""
            loading="lazy"
            data-active={i === index}
            className={cn(
              frame,
              'transition-opacity duration-300',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          />
        ))}
      </div>
    );
  }
  if (character) {
    return isVideoUrl(character) ? (
      <CharacterClip src={character} className={frame} />
    ) : (
      <img src={character} alt="" loading="lazy" className={frame} />
    );
  }
  return (
    <div
      className={cn(
        'flex size-full items-center justify-center text-2xl font-bold tracking-widest',
        draft.type === 'carousel'
          ? 'bg-linear-to-br from-pink-50 to-violet-100 text-violet-700'
          : 'bg-linear-to-br from-orange-50 to-pink-100 text-pink-700',
      )}
    >
      {draft.type === 'carousel' ? 'IMG' : 'UGC'}
    </div>
  );
};
