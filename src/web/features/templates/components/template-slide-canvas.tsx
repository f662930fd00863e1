import { useEffect, useRef } from 'react';
import { SLIDE_PREVIEW_MIN_FONT_RATIO } from '#contract/slide-layout';
import { drawSlidePreview } from '@/lib/slide-render';

/** A slide of the preview, drawn with the same layout as the generated images. */
export const TemplateSlideCanvas = ({
  text,
  imageUrl,
  label,
}: {
  text: string;
  imageUrl: string | null;
  label: string;
}) => {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    drawSlidePreview(
      ref.current,
      { text, imageUrl: imageUrl ?? undefined },
      { minFontRatio: SLIDE_PREVIEW_MIN_FONT_RATIO },
    ).catch(() => {
      /* the text stays on the neutral background when the image fails */
    });
  }, [text, imageUrl]);
  return (
    <canvas
      ref={ref}
      width={480}
      height={480}
      role="img"
      aria-label={label}
      className="block aspect-square w-full rounded-lg bg-zinc-600"
    />
  );
};
