import { useEffect, useRef, useState } from 'react';
import {
  HOOK_STROKE_COLOR,
  HOOK_TEXT_COLOR,
  fitHookOverlay,
  hookFont,
  layoutFittedHook,
  HOOK_BOX,
  drawHookOverlay,
  hookBoxOf,
  type FaceBox,
  type HookStyle,
} from '#contract/hook-demo';
import { RENDER_WIDTH } from '#contract/render';
import { ensureEmojiFor } from '@/lib/emoji-font';
import { loadHookFont } from '../lib/hook-font';

type HookOverlayProps = {
  text: string;
  fontScale: number;
  yOffset: number;
  faceBox: FaceBox;
  hookStyle: HookStyle;
};

/**
 * The hook over the preview, drawn on a canvas by the renderer's own layout (contract
 * hook-demo.ts) at the preview's size, so its lines break where the render's will.
 */
export const HookOverlay = ({ text, fontScale, yOffset, faceBox, hookStyle }: HookOverlayProps) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [fontReady, setFontReady] = useState(false);
  // The text whose emoji faces have loaded: the canvas draws again once they have.
  const [emojiReady, setEmojiReady] = useState('');

  useEffect(() => {
    let live = true;
    void loadHookFont().then(() => live && setFontReady(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    void ensureEmojiFor(text).then(() => live && setEmojiReady(text));
    return () => {
      live = false;
    };
  }, [text]);

  useEffect(() => {
    const element = canvas.current?.parentElement;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !size || size.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(size.width * ratio);
    element.height = Math.round(size.height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size.width, size.height);
    const measure = (line: string, px: number) => {
      context.font = hookFont(px);
      return context.measureText(line).width;
    };
    // Sized and placed in the render's frame (clear of the face, in the safe zone, shrunk when
    // long), then drawn at the preview's size.
    const fit = fitHookOverlay(text, { fontScale, yOffset, faceBox, measure });
    const layout = layoutFittedHook(text, fit, {
      width: size.width,
      height: size.height,
      measure,
    });
    if (hookStyle === 'box' && layout.lines.length) {
      // Decision 136: the rounded box the render draws, hugging the widest line.
      const unit = size.width / RENDER_WIDTH;
      const widest = Math.max(...layout.lines.map((l) => measure(l.text, layout.fontPx)));
      const { padding, radius } = hookBoxOf(fit.fontPx);
      const x = layout.lines[0]!.x - widest / 2 - padding * unit;
      const y = layout.box.top - padding * unit;
      const w = widest + 2 * padding * unit;
      const h = layout.box.bottom - layout.box.top + 2 * padding * unit;
      context.fillStyle = HOOK_BOX.color;
      context.beginPath();
      context.roundRect(x, y, w, h, Math.min(radius * unit, w / 2, h / 2));
      context.fill();
      drawHookOverlay(context, layout, { color: HOOK_BOX.textColor, strokeLineWidth: 0 });
      return;
    }
    context.font = layout.font;
    context.textAlign = 'center';
    context.textBaseline = 'alphabetic';
    context.lineJoin = 'round';
    context.strokeStyle = HOOK_STROKE_COLOR;
    context.lineWidth = layout.strokeLineWidth;
    context.fillStyle = HOOK_TEXT_COLOR;
    for (const line of layout.lines) {
      context.strokeText(line.text, line.x, line.y);
      context.fillText(line.text, line.x, line.y);
    }
  }, [text, fontScale, yOffset, faceBox, hookStyle, size, fontReady, emojiReady]);

  return (
    <>
      <canvas
        ref={canvas}
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 size-full"
      />
      {/* The canvas is a picture; the words are here for screen readers and tests. */}
      <p className="sr-only">{text}</p>
    </>
  );
};
