import type { TEffect, TResolvedClip, TTransition } from '#contract/render';
import { even, type Frame } from './clip-geometry';

/**
 * Shotstack's motion effects and transitions as ffmpeg filters (docs/decisions/143). Shotstack
 * documents each by a sentence ("slow zoom in", "move slightly left and fade in", "slide in from
 * right to left", "rotate in from top right"…), not by numbers; the amounts below are ours, chosen
 * to look like its renders, and the same for every clip.
 */

export type OutputFrame = Frame & { fps: number; rate: string; canonical: boolean };

type Speed = '' | 'Slow' | 'Fast';
const speedOf = (name: string): Speed =>
  name.endsWith('Slow') ? 'Slow' : name.endsWith('Fast') ? 'Fast' : '';
const familyOf = (name: string) => name.replace(/(?:Slow|Fast)$/, '');

/** A transition's length: half a second, a second when slow, a quarter when fast. */
export const TRANSITION_SECONDS: Record<Speed, number> = { '': 0.5, Slow: 1, Fast: 0.25 };
/** How far a zoom effect goes over its clip. */
const ZOOM_AMOUNT: Record<Speed, number> = { '': 0.3, Slow: 0.15, Fast: 0.6 };
/** How far a slide (pan) effect travels over its clip, as a share of the picture. */
const PAN_AMOUNT: Record<Speed, number> = { '': 0.2, Slow: 0.1, Fast: 0.35 };
/** "Move slightly" in a slide transition: a share of the frame. */
const NUDGE = 0.08;
/** A shuffle comes from this far towards its corner, turned by this many radians. */
const SHUFFLE_REACH = 0.5;
const SHUFFLE_TURN = 0.6;
/** The soft edge of a wipe, as a share of the picture's width. */
const WIPE_SOFTNESS = 0.25;
/** The zoom transition starts (or ends) this much larger. */
const ZOOM_TRANSITION = 0.5;

const active = (t: TTransition | undefined): t is Exclude<TTransition, 'none'> =>
  t !== undefined && t !== 'none';

/** Whether a clip moves or changes within its time (then it is composited frame by frame). */
export const isAnimated = (clip: Pick<TResolvedClip, 'effect' | 'transition'>) =>
  Boolean(clip.effect) || active(clip.transition?.in) || active(clip.transition?.out);

const f = (n: number) => String(Math.round(n * 10000) / 10000);

/** Directions of motion, in screen coordinates (+y down). */
const DIRECTION: Record<string, [number, number]> = {
  Left: [-1, 0],
  Right: [1, 0],
  Up: [0, -1],
  Down: [0, 1],
};
const CORNER: Record<string, [number, number]> = {
  TopRight: [1, -1],
  RightTop: [1, -1],
  RightBottom: [1, 1],
  BottomRight: [1, 1],
  BottomLeft: [-1, 1],
  LeftBottom: [-1, 1],
  LeftTop: [-1, -1],
  TopLeft: [-1, -1],
};

export type ClipMotion = {
  /** Filters on the sized picture before it is moved to the segment's time (clip-local frames). */
  pre: string[];
  /** Filters after it is on the segment's time (`t` in seconds of the segment). */
  post: string[];
  /** The overlay's position expressions, in the segment's time. */
  x: string;
  y: string;
  /** Whether the picture needs an alpha channel (fades, masks, rotation). */
  alpha: boolean;
};

/**
 * The motion of one clip within one segment. `box` is where the sized picture sits at rest;
 * `skip` how far into the clip the segment starts; `from` where the clip starts in the segment's
 * time (negative when it began in an earlier segment).
 */
export const clipMotion = ({
  clip,
  from,
  skip,
  box,
  frame,
}: {
  clip: TResolvedClip;
  from: number;
  skip: number;
  box: { x: number; y: number; width: number; height: number };
  frame: OutputFrame;
}): ClipMotion => {
  const pre: string[] = [];
  const post: string[] = [];
  const dx: string[] = [];
  const dy: string[] = [];
  let alpha = false;
  const L = clip.length;
  const to = from + L;
  const { width: w, height: h } = box;
  /** The clip's own time, in seconds, from the frame counter `counter` of its picture in this segment. */
  const own = (counter: string) => `(${counter}/${f(frame.fps)}+${f(skip)})`;

  // Zoom: the effect and the zoom transition multiply into one zoompan.
  const zoomTerms: string[] = [];
  const effect: TEffect | undefined = clip.effect;
  if (effect?.startsWith('zoom')) {
    const a = ZOOM_AMOUNT[speedOf(effect)];
    const progress = `clip(${own('in')}/${f(L)},0,1)`;
    zoomTerms.push(
      familyOf(effect) === 'zoomIn' ? `(1+${f(a)}*${progress})` : `(1+${f(a)}*(1-${progress}))`,
    );
  }
  const tin = clip.transition?.in;
  const tout = clip.transition?.out;
  if (active(tin) && familyOf(tin) === 'zoom') {
    const d = TRANSITION_SECONDS[speedOf(tin)];
    zoomTerms.push(`(1+${f(ZOOM_TRANSITION)}*(1-clip(${own('in')}/${f(d)},0,1)))`);
  }
  if (active(tout) && familyOf(tout) === 'zoom') {
    const d = TRANSITION_SECONDS[speedOf(tout)];
    zoomTerms.push(`(1+${f(ZOOM_TRANSITION)}*clip((${own('in')}-${f(L - d)})/${f(d)},0,1))`);
  }
  if (effect?.startsWith('slide')) {
    const a = PAN_AMOUNT[speedOf(effect)];
    const [ux, uy] = DIRECTION[familyOf(effect).slice('slide'.length)]!;
    const bw = even(w * (1 + a));
    const bh = even(h * (1 + a));
    const progress = `clip(${own('n')}/${f(L)},0,1)`;
    // The picture moves one way, so the window over it moves the other.
    const along = (u: number) => (u < 0 ? progress : u > 0 ? `(1-${progress})` : '0.5');
    pre.push(
      `scale=${bw}:${bh}`,
      `crop=${w}:${h}:x='(iw-ow)*${along(ux)}':y='(ih-oh)*${along(uy)}'`,
    );
  }
  if (zoomTerms.length) {
    const z = zoomTerms.join('*');
    pre.push(
      `zoompan=z='${z}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${w}x${h}:fps=${frame.rate}`,
    );
  }

  /** Progress of the in transition (0 → 1) and of the out one, in segment time `t`. */
  const pin = (d: number) => `clip((t-${f(from)})/${f(d)},0,1)`;
  const pout = (d: number) => `clip((t-${f(to - d)})/${f(d)},0,1)`;
  // The same in geq, whose time is `T`.
  const gin = (d: number) => `clip((T-${f(from)})/${f(d)},0,1)`;
  const gout = (d: number) => `clip((T-${f(to - d)})/${f(d)},0,1)`;
  const masks: { expr: string; start: number; end: number }[] = [];
  const angles: string[] = [];

  const apply = (name: Exclude<TTransition, 'none'>, side: 'in' | 'out') => {
    const family = familyOf(name);
    const d = Math.min(TRANSITION_SECONDS[speedOf(name)], L);
    const p = side === 'in' ? pin(d) : pout(d);
    // How far from rest: 1 − progress coming in, progress going out.
    const away = side === 'in' ? `(1-${p})` : p;
    const fade = () => {
      // A clip that came in during an earlier segment is already whole here.
      if (side === 'in' && from + d <= 0) return;
      alpha = true;
      post.push(
        side === 'in'
          ? `fade=t=in:st=${f(Math.max(0, from))}:d=${f(d)}:alpha=1`
          : `fade=t=out:st=${f(Math.max(0, to - d))}:d=${f(d)}:alpha=1`,
      );
    };
    if (family === 'fade' || family === 'zoom') return fade();
    if (family.startsWith('slide') || family.startsWith('carousel')) {
      const carousel = family.startsWith('carousel');
      const [ux, uy] = DIRECTION[family.replace(/^(?:slide|carousel)/, '')]!;
      const sx = carousel ? frame.width : frame.width * NUDGE;
      const sy = carousel ? frame.height : frame.height * NUDGE;
      // Coming in it arrives moving along u, so it starts behind; going out it leaves along u.
      const sign = side === 'in' ? -1 : 1;
      if (ux) dx.push(`${f(sign * ux * sx)}*${away}`);
      if (uy) dy.push(`${f(sign * uy * sy)}*${away}`);
      if (!carousel) fade();
      return;
    }
    if (family.startsWith('shuffle')) {
      const [cx, cy] = CORNER[family.slice('shuffle'.length)]!;
      dx.push(`${f(cx * frame.width * SHUFFLE_REACH)}*${away}`);
      dy.push(`${f(cy * frame.height * SHUFFLE_REACH)}*${away}`);
      const turn = /^shuffle(?:Top|Bottom)/.test(family) ? SHUFFLE_TURN : -SHUFFLE_TURN;
      angles.push(`${f(turn)}*${away}`);
      fade();
      return;
    }
    // reveal, wipeLeft, wipeRight: a mask over the picture, only while it moves.
    alpha = true;
    const g = side === 'in' ? gin(d) : `(1-${gout(d)})`;
    // Going out is coming in backwards: a wipe to the left leaves as one to the right arrives.
    const towardsRight = family === 'reveal' || (family === 'wipeRight') === (side === 'in');
    const s = WIPE_SOFTNESS;
    const expr =
      family === 'reveal'
        ? `lt(X,W*${g})`
        : towardsRight
          ? `clip((W*${g}*${f(1 + s)}-X)/(W*${f(s)}),0,1)`
          : `clip((X-W+W*${g}*${f(1 + s)})/(W*${f(s)}),0,1)`;
    masks.push({
      expr,
      start: side === 'in' ? from : to - d,
      end: side === 'in' ? from + d : to,
    });
  };
  if (active(tin)) apply(tin, 'in');
  if (active(tout)) apply(tout, 'out');

  for (const mask of masks) {
    post.push(
      `geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='alpha(X,Y)*${mask.expr}':enable='between(t,${f(mask.start)},${f(mask.end)})'`,
    );
  }
  if (angles.length) {
    alpha = true;
    post.push(`rotate=a='${angles.join('+')}':c=none:ow=iw:oh=ih`);
  }
  const x = dx.length ? `${box.x}+${dx.join('+')}` : String(box.x);
  const y = dy.length ? `${box.y}+${dy.join('+')}` : String(box.y);
  return { pre, post, x, y, alpha };
};
