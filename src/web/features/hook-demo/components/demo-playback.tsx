import { useEffect, useState } from 'react';
import { isVideoUrl, UGC_DURATION_SEC } from '#contract/hook-demo';
import { HookOverlay } from './hook-overlay';

type DemoPlaybackProps = {
  characterUrl: string | null;
  productVideoUrl: string | null;
  hookText: string;
  fontScale: number;
  yOffset: number;
};

type Part = 'ugc' | 'product';

/**
 * Spec 02 §2.3/§4 "Demo preview playback": the UGC clip with the hook over it, then the product
 * video, each switching to the other when it ends; a still character shows for the UGC part's
 * length. The corner label says which part is playing.
 */
export const DemoPlayback = ({
  characterUrl,
  productVideoUrl,
  hookText,
  fontScale,
  yOffset,
}: DemoPlaybackProps) => {
  const [part, setPart] = useState<Part>(characterUrl ? 'ugc' : 'product');
  const playing: Part = !characterUrl ? 'product' : !productVideoUrl ? 'ugc' : part;
  const next = () => setPart(playing === 'ugc' && productVideoUrl ? 'product' : 'ugc');
  const stillCharacter = characterUrl !== null && !isVideoUrl(characterUrl);

  // A still image has no end of its own: it stands for the UGC part's length.
  useEffect(() => {
    if (playing !== 'ugc' || !stillCharacter || !productVideoUrl) return undefined;
    const timer = setTimeout(() => setPart('product'), UGC_DURATION_SEC * 1000);
    return () => clearTimeout(timer);
  }, [playing, stillCharacter, productVideoUrl]);

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
            loop={!productVideoUrl}
            onEnded={next}
            className="size-full object-cover"
          />
        )
      ) : null}
      {playing === 'product' && productVideoUrl ? (
        <video
          key={productVideoUrl}
          src={productVideoUrl}
          aria-label="Product video"
          autoPlay
          muted
          playsInline
          loop={!characterUrl}
          onEnded={next}
          className="size-full object-cover"
        />
      ) : null}
      {playing === 'ugc' && hookText.trim() ? (
        <HookOverlay text={hookText} fontScale={fontScale} yOffset={yOffset} />
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
