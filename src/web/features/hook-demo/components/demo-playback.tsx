import { useEffect, useState } from 'react';
import {
  END_CARD_SEC,
  type EndCard,
  type HookStyle,
  isVideoUrl,
  productVideoSource,
  type FaceBox,
  type ProductVideoFit,
} from '#contract/hook-demo';
import type { DemoPacing } from '../lib/demo-state';
import { EndCardPreview } from './end-card-preview';
import { HookOverlay } from './hook-overlay';

type DemoPlaybackProps = {
  characterUrl: string | null;
  productVideoUrl: string | null;
  productOriginalUrl: string | null;
  productVideoFit: ProductVideoFit;
  hookText: string;
  /** Where the character's face is: the hook keeps clear of it. */
  faceBox: FaceBox;
  fontScale: number;
  yOffset: number;
  /** The pacing Generate renders with, so the preview switches where the video will. */
  pacing: DemoPacing;
  endCard: EndCard | null;
  hookStyle: HookStyle;
};

type Part = 'ugc' | 'product' | 'end';

const LABELS: Record<Part, string> = {
  ugc: 'UGC Media',
  product: 'Product Video',
  end: 'End card',
};

/**
 * docs/product/hook-demo.md rule 1: the UGC clip with the hook over it, then the product
 * video, each switching to the other when it ends. A clip ends where it ends in the render: after
 * its part's length, a shorter source looping until then as the renderer loops it. The corner
 * label says which part is playing.
 */
export const DemoPlayback = ({
  characterUrl,
  productVideoUrl,
  productOriginalUrl,
  productVideoFit,
  hookText,
  faceBox,
  fontScale,
  yOffset,
  pacing,
  endCard,
  hookStyle,
}: DemoPlaybackProps) => {
  const order = (
    [characterUrl && 'ugc', productVideoUrl && 'product', endCard?.title.trim() && 'end'] as const
  ).filter((p): p is Part => Boolean(p));
  const [part, setPart] = useState<Part>(order[0] ?? 'ugc');
  const playing: Part = order.includes(part) ? part : (order[0] ?? 'ugc');
  const alternating = order.length > 1;
  const stillCharacter = characterUrl !== null && !isVideoUrl(characterUrl);
  const partSec =
    playing === 'ugc'
      ? pacing.ugcDurationSec
      : playing === 'product'
        ? pacing.productDurationSec
        : END_CARD_SEC;
  // The clip and fit the render uses (contract productVideoSource), so the preview shows the
  // blurred fill, the crop or the bars exactly as the video will.
  const product = productVideoUrl
    ? productVideoSource(productVideoFit, productVideoUrl, productOriginalUrl)
    : null;

  useEffect(() => {
    if (!alternating) return undefined;
    const next = order[(order.indexOf(playing) + 1) % order.length]!;
    const timer = setTimeout(() => setPart(next), partSec * 1000);
    return () => clearTimeout(timer);
    // order: its parts are the three flags above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alternating, playing, partSec, order.join()]);

  return (
    <div className="absolute inset-0">
      {playing === 'ugc' && characterUrl ? (
        stillCharacter ? (
          <img src={characterUrl} alt="UGC character" className="size-full object-cover" />
        ) : (
          <video
            key={characterUrl}
            src={characterUrl}
            aria-label="UGC character clip"
            autoPlay
            muted
            playsInline
            loop
            className="size-full object-cover"
          />
        )
      ) : null}
      {playing === 'product' && product ? (
        <video
          key={product.src}
          src={product.src}
          aria-label="Product video"
          data-fit={product.fit}
          autoPlay
          muted
          playsInline
          loop
          className={`size-full bg-black ${product.fit === 'contain' ? 'object-contain' : 'object-cover'}`}
        />
      ) : null}
      {playing === 'end' && endCard ? <EndCardPreview card={endCard} /> : null}
      {playing === 'ugc' && hookText.trim() ? (
        <HookOverlay
          text={hookText}
          fontScale={fontScale}
          yOffset={yOffset}
          faceBox={faceBox}
          hookStyle={hookStyle}
        />
      ) : null}
      <span
        aria-live="polite"
        className="absolute top-2 left-2 rounded-full bg-black/65 px-2 py-0.5 text-[11px] font-medium text-white"
      >
        {LABELS[playing]}
      </span>
    </div>
  );
};
