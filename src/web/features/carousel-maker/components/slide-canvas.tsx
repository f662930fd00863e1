import { useEffect, useRef } from 'react';
import { SLIDE_PREVIEW_MIN_FONT_RATIO, SLIDE_SIZE } from '#contract/slide-layout';
import { drawSlidePreview } from '@/lib/slide-render';
import { cn } from '@/lib/utils';

type SlideCanvasProps = {
  text: string;
  imageUrl?: string;
  /** What the canvas shows, for screen readers (the slide text is drawn, not written). */
  label: string;
  className?: string;
};

/** The square live preview of one slide, drawn with the same layout as the generated images. */
export const SlideCanvas = ({ text, imageUrl, label, className }: SlideCanvasProps) => {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    // Typing redraws often; a slow image load must not paint over a newer frame.
    let stale = false;
    const frame = requestAnimationFrame(() => {
      if (stale) return;
      drawSlidePreview(
        canvas,
        { text, imageUrl },
        { minFontRatio: SLIDE_PREVIEW_MIN_FONT_RATIO },
      ).catch(() => {
        /* the last good frame stays; Generate reports real failures */
      });
    });
    return () => {
      stale = true;
      cancelAnimationFrame(frame);
    };
  }, [text, imageUrl]);

  return (
    <canvas
      ref={ref}
      width={SLIDE_SIZE}
      height={SLIDE_SIZE}
      role="img"
      aria-label={label}
      className={cn('block aspect-square w-full rounded-lg bg-zinc-600', className)}
    />
  );
};
