import { useEffect, useRef } from 'react';
import {
  drawHookOverlay,
  hookFont,
  layoutEndCard,
  layoutHookOverlay,
  TIKTOK_SAFE_ZONE,
  type EndCard,
} from '#contract/hook-demo';
import { RENDER_WIDTH } from '#contract/render';
import { hookFontsReady } from '../lib/hook-measure';

/** The end card as the render draws it (layoutEndCard), at the preview's size. */
export const EndCardPreview = ({ card }: { card: EndCard }) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    const draw = () => {
      const element = canvas.current;
      const context = element?.getContext('2d');
      const box = element?.parentElement?.getBoundingClientRect();
      if (!element || !context || !box || box.width === 0) return;
      const ratio = window.devicePixelRatio || 1;
      element.width = Math.round(box.width * ratio);
      element.height = Math.round(box.height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, box.width, box.height);
      const measure = (text: string, px: number) => {
        context.font = hookFont(px);
        return context.measureText(text).width;
      };
      for (const line of layoutEndCard(card, measure)) {
        const layout = layoutHookOverlay(line.text, {
          fontPx: line.fontPx,
          anchorX: (TIKTOK_SAFE_ZONE.left + TIKTOK_SAFE_ZONE.right) / 2 / RENDER_WIDTH,
          anchorY: line.anchorY,
          measure,
          width: box.width,
          height: box.height,
        });
        drawHookOverlay(context, layout, { color: line.color });
      }
    };
    draw();
    void hookFontsReady(`${card.title}${card.price ?? ''}`).then(() => live && draw());
    return () => {
      live = false;
    };
  }, [card]);
  return (
    <div className="absolute inset-0 bg-black">
      <canvas ref={canvas} aria-hidden="true" className="absolute inset-0 size-full" />
      <p className="sr-only">
        {[card.title, card.price, 'Link in bio'].filter(Boolean).join(' · ')}
      </p>
    </div>
  );
};
