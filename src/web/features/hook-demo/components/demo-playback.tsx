import { useEffect, useState } from 'react';
import {
  isVideoUrl,
  productVideoSource,
  type FaceBox,
  type ProductVideoFit,
} from '#contract/hook-demo';
import type { DemoPacing } from '../lib/demo-state';
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
};

type Part = 'ugc' | 'product';

/**
 * Spec 02 §2.3/§4 "Demo preview playback": the UGC clip with the hook over it, then the product
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
}: DemoPlaybackProps) => {
  const [part, setPart] = useState<Part>(characterUrl ? 'ugc' : 'product');
  const playing: Part = !characterUrl ? 'product' : !productVideoUrl ? 'ugc' : part;
  const alternating = characterUrl !== null && productVideoUrl !== null;
  const stillCharacter = characterUrl !== null && !isVideoUrl(characterUrl);
  const partSec = playing === 'ugc' ? pacing.ugcDurationSec : pacing.productDurationSec;
  // The clip and fit the render uses (contract productVideoSource), so the preview shows the
  // blurred fill, the crop or the bars exactly as the video will.
  const product = productVideoUrl
    ? productVideoSource(productVideoFit, productVideoUrl, productOriginalUrl)
    : null;

  useEffect(() => {
    if (!alternating) return undefined;
    const timer = setTimeout(() => setPart(playing === 'ugc' ? 'product' : 'ugc'), partSec * 1000);
    return () => clearTimeout(timer);
  }, [alternating, playing, partSec]);

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
      {playing === 'ugc' && hookText.trim() ? (
        <HookOverlay text={hookText} fontScale={fontScale} yOffset={yOffset} faceBox={faceBox} />
      ) : null}
      <span
        aria-live="polite"
        className="absolute top-2 left-2 rounded-full bg-black/65 px-2 py-0.5 text-[11px] font-medium text-white"
      >
        {playing === 'ugc' ? 'UGC Media' : 'Product Video'}
      </span>
    </div>
  );
};
