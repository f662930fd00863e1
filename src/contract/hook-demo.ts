/**
 * Hook + Demo (docs/product/hook-demo.md rules 6, 7): the editor's limits, the one layout of the
 * hook overlay that the live preview (browser canvas) and the server rasteriser (@napi-rs/canvas)
 * both draw, and the edit a Hook + Demo renders from. Pure TypeScript like slide-layout.ts: text
 * is measured through a callback, so both sides wrap the same words onto the same lines.
 */
import {
  RENDER_FPS,
  RENDER_HEIGHT,
  RENDER_WIDTH,
  type TResolvedClip,
  type TResolvedEdit,
} from './render';
import { EMOJI_FONT_FAMILY } from './emoji-font';
import { countLines, paragraphsOf, wrapText } from './text-wrap';

/** docs/product/hook-demo.md rule 6: "Text size" slider. */
export const TEXT_FONT_SCALE = { min: 0.5, max: 2, step: 0.05, default: 1 } as const;
/**
 * docs/product/hook-demo.md rule 6: "Vertical position" slider, a fraction of the frame height (+
 * is up).
 */
export const TEXT_Y_OFFSET = { min: -0.3, max: 0.3, step: 0.01, default: 0 } as const;
/**
 * docs/product/hook-demo.md rule 5: default total 10 s, split 50/50 between the UGC clip and the
 * product clip.
 */
export const UGC_DURATION_SEC = 5;
export const PRODUCT_DURATION_SEC = 5;
/**
 * What the seller may set each part to (decision 134): half-second steps, at most half of the
 * longest timeline (RENDER_MAX_SECONDS), as the drafts' pacing is read.
 */
export const DEMO_PART_SECONDS = { min: 1, max: 30, step: 0.5 } as const;
const partSeconds = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= DEMO_PART_SECONDS.max ? v : fallback;

/** The pacing a draft's or campaign item's assets hold, each part falling back to 5 s. */
export const readDemoPacing = (from: {
  ugcDurationSec?: unknown;
  productDurationSec?: unknown;
}) => ({
  ugcDurationSec: partSeconds(from.ugcDurationSec, UGC_DURATION_SEC),
  productDurationSec: partSeconds(from.productDurationSec, PRODUCT_DURATION_SEC),
});

/**
 * docs/product/hook-demo.md rule 1: the title a Hook + Demo post starts with, from the editor or
 * the queue.
 */
export const DEMO_DEFAULT_TITLE = 'Check out this amazing Hook + Demo! 🎬';
/** docs/product/hook-demo.md rule 4: product video at most 30 s, one per job. */
export const PRODUCT_VIDEO_MAX_SEC = 30;

/**
 * docs/product/hook-demo.md rule 6: overlay size 64.8 × font scale, at least 20 px, on the 1080 px
 * frame.
 */
export const HOOK_FONT_BASE_PX = 64.8;
export const HOOK_FONT_MIN_PX = 20;
export const HOOK_TEXT_WIDTH = 864;
export const HOOK_TEXT_MIN_WIDTH = 200;
export const HOOK_LINE_HEIGHT = 1.3;
export const HOOK_FONT_WEIGHT = 400;
export const HOOK_TEXT_COLOR = '#ffffff';
export const HOOK_STROKE_COLOR = '#000000';
/** The visible outline outside each glyph, in px of the 1080 px frame. */
export const HOOK_STROKE_PX = 5;
/** docs/product/hook-demo.md rule 6: the default font "{platform} Sans". */
export const HOOK_FONT_NAME = 'TikTok Sans';
/**
 * TikTok Sans 400 registered under a name of our own, so no installed "TikTok Sans" of another
 * version or weight is picked instead (as with the slide font).
 */
export const HOOK_FONT_FAMILY = 'Hookreel Hook';
/** The @fontsource/tiktok-sans files, in the order the browser and Skia fall back through them. */
export const HOOK_FONT_FILES = [
  'tiktok-sans-latin-400-normal.woff2',
  'tiktok-sans-latin-ext-400-normal.woff2',
] as const;
/**
 * TikTok Sans' ascent and descent in em (hhea: 1.0 and 0.3). With line height 1.3 the line box
 * is exactly the font's height, so each baseline sits one em below its line's top, as in CSS.
 */
export const HOOK_FONT_ASCENT_EM = 1;
export const HOOK_FONT_DESCENT_EM = 0.3;

/**
 * TikTok Sans, then the shipped colour emoji font (decision 130), then DejaVu Sans for other
 * scripts (Skia's generic sans-serif resolves to a serif face on a bare server).
 */
export const hookFont = (fontPx: number) =>
  `${HOOK_FONT_WEIGHT} ${fontPx}px "${HOOK_FONT_FAMILY}", "${EMOJI_FONT_FAMILY}", "DejaVu Sans", sans-serif`;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A slider value as the server keeps it: inside its range, NaN as the default. */
export const clampFontScale = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value)
    ? TEXT_FONT_SCALE.default
    : clamp(value, TEXT_FONT_SCALE.min, TEXT_FONT_SCALE.max);
export const clampYOffset = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value)
    ? TEXT_Y_OFFSET.default
    : clamp(value, TEXT_Y_OFFSET.min, TEXT_Y_OFFSET.max);

/** The overlay's font size in px of the 1080 px frame. */
export const hookFontPx = (fontScale: number | undefined) =>
  Math.max(HOOK_FONT_MIN_PX, HOOK_FONT_BASE_PX * clampFontScale(fontScale));

export type MeasureHookText = (text: string, fontPx: number) => number;

export type HookOverlayLine = { text: string; x: number; y: number };

export type HookOverlayLayout = {
  /** The frame the layout is for (1080×1920 for renders; the preview scales it). */
  width: number;
  height: number;
  fontPx: number;
  font: string;
  lineHeight: number;
  maxWidth: number;
  /** Canvas lineWidth: the stroke is drawn centred on the outline, then the fill over it. */
  strokeLineWidth: number;
  /** x is the line's centre, y its alphabetic baseline. */
  lines: HookOverlayLine[];
  /** The text block's box, for tests and for hit areas. */
  box: { top: number; bottom: number };
};

/**
 * Lays the hook text out on the frame: centred horizontally in a box 864 px wide (of 1080), the
 * block centred vertically and moved up by `yOffset` × the frame height (Shotstack's offset.y,
 * +y up). `width`/`height` scale everything for a smaller preview; the font size scales with
 * the frame width, so a 360 px preview shows exactly a third of the 1080 px render.
 */
export const layoutHookOverlay = (
  text: string,
  {
    fontScale,
    yOffset,
    measure,
    width = RENDER_WIDTH,
    height = RENDER_HEIGHT,
    fontPx: explicitFontPx,
    maxWidth: explicitMaxWidth,
    lineHeight: lineHeightEm = HOOK_LINE_HEIGHT,
    anchorX = 0.5,
    anchorY = 0.5,
  }: {
    fontScale?: number;
    yOffset?: number;
    measure: MeasureHookText;
    width?: number;
    height?: number;
    /** Where the block's centre sits before `yOffset`, as fractions of the frame. */
    anchorX?: number;
    anchorY?: number;
    /** For text/html assets that state their own size (in px of a 1080 px frame). */
    fontPx?: number;
    maxWidth?: number;
    lineHeight?: number;
  },
): HookOverlayLayout => {
  const unit = width / RENDER_WIDTH;
  const fontPx = (explicitFontPx ?? hookFontPx(fontScale)) * unit;
  const maxWidth = Math.max(HOOK_TEXT_MIN_WIDTH, explicitMaxWidth ?? HOOK_TEXT_WIDTH) * unit;
  const lines = wrapText(paragraphsOf(text), maxWidth, (s) => measure(s, fontPx));
  const lineHeight = fontPx * lineHeightEm;
  const centre = anchorY * height - clampYOffset(yOffset) * height;
  const top = centre - (lines.length * lineHeight) / 2;
  const halfLeading = (lineHeight - (HOOK_FONT_ASCENT_EM + HOOK_FONT_DESCENT_EM) * fontPx) / 2;
  return {
    width,
    height,
    fontPx,
    font: hookFont(fontPx),
    lineHeight,
    maxWidth,
    strokeLineWidth: HOOK_STROKE_PX * 2 * unit,
    lines: lines.map((line, i) => ({
      text: line,
      x: anchorX * width,
      y: top + i * lineHeight + halfLeading + HOOK_FONT_ASCENT_EM * fontPx,
    })),
    box: { top, bottom: top + lines.length * lineHeight },
  };
};

/**
 * The parts of a 1080x1920 frame TikTok's own interface leaves clear (decision 132): below the
 * top bar, above the caption and sound line, left of the like/comment/share column. Hooks are
 * kept inside it.
 */
export const TIKTOK_SAFE_ZONE = { top: 160, bottom: 1440, left: 60, right: 940 } as const;

/** A face on the 9:16 frame, in fractions of its width and height. */
export type FaceBox = { left: number; top: number; right: number; bottom: number };

/**
 * Where a face is assumed when nothing says where it is (a generated still, an uploaded clip):
 * the middle band a head and shoulders fill in a selfie-style clip, so the hook goes to the
 * upper third above it.
 */
export const FALLBACK_FACE_BOX: FaceBox = { left: 0.2, top: 0.34, right: 0.8, bottom: 0.72 };

/** The face box of a character: its own (pre-made characters know theirs), else the fallback. */
export const faceBoxFor = (character?: { faceBox?: FaceBox | null } | null): FaceBox =>
  character?.faceBox ?? FALLBACK_FACE_BOX;

/** Room kept between the face and the hook, in px of the 1080 px frame. */
export const HOOK_FACE_MARGIN_PX = 24;
/** Long hooks (decision 133): the most lines, and the largest share of the frame height. */
export const HOOK_MAX_LINES = 4;
export const HOOK_MAX_FRAME_SHARE = 0.2;
/** A hook is shrunk at most to this size (px of the 1080 px frame): smaller is hard to read. */
export const HOOK_LEGIBLE_MIN_PX = 40;
/** Shrinking goes in steps of this many px. */
const HOOK_SHRINK_STEP_PX = 2;
/**
 * Past the AI hook length (docs/product/hook-demo.md rule 2: 120 characters), the editor warns
 * that the text will shrink.
 */
export const HOOK_LONG_CHARS = 120;

export type HookFit = {
  /** The font size the hook is drawn at, in px of the 1080 px frame (after shrinking). */
  fontPx: number;
  lineCount: number;
  /** The block's centre, as fractions of the frame (yOffset and the safe zone applied). */
  anchorX: number;
  anchorY: number;
  /** The text block's top and bottom, in px of the 1920 px frame. */
  top: number;
  bottom: number;
  /** Whether it was shrunk below the seller's size to stay within the limits. */
  shrunk: boolean;
  /** False when even at the legible minimum it needs more lines or room than allowed. */
  legible: boolean;
};

/**
 * Sizes and places a Hook + Demo hook (decisions 132, 133): the seller's size, shrunk in 2 px
 * steps down to HOOK_LEGIBLE_MIN_PX while it needs more than HOOK_MAX_LINES lines or more than
 * HOOK_MAX_FRAME_SHARE of the frame height; centred in the safe zone's width; above the face
 * when it fits there, else below it, else in the larger of the two; then moved by the
 * "Vertical position" slider and kept inside the safe zone. Works in the 1080x1920 frame.
 */
export const fitHookOverlay = (
  text: string,
  {
    fontScale,
    yOffset,
    faceBox = FALLBACK_FACE_BOX,
    measure,
  }: { fontScale?: number; yOffset?: number; faceBox?: FaceBox; measure: MeasureHookText },
): HookFit => {
  const W = RENDER_WIDTH;
  const H = RENDER_HEIGHT;
  const wanted = hookFontPx(fontScale);
  const floor = Math.min(wanted, HOOK_LEGIBLE_MIN_PX);
  const maxHeight = HOOK_MAX_FRAME_SHARE * H;
  const paragraphs = paragraphsOf(text);
  const maxWidth = Math.max(HOOK_TEXT_MIN_WIDTH, HOOK_TEXT_WIDTH);
  // The block layoutHookOverlay would make at this size: its lines' count without their breaks,
  // which only the size chosen needs.
  const measureAt = (fontPx: number) => {
    const lineCount = countLines(paragraphs, maxWidth, (s) => measure(s, fontPx));
    return { lineCount, height: lineCount * fontPx * HOOK_LINE_HEIGHT };
  };
  let fontPx = wanted;
  let probe = measureAt(fontPx);
  const fits = (l: { lineCount: number; height: number }) =>
    l.lineCount <= HOOK_MAX_LINES && l.height <= maxHeight + 0.5;
  while (!fits(probe) && fontPx > floor) {
    fontPx = Math.max(floor, fontPx - HOOK_SHRINK_STEP_PX);
    probe = measureAt(fontPx);
  }
  const blockHeight = probe.height;
  const safe = TIKTOK_SAFE_ZONE;
  const face = { top: faceBox.top * H, bottom: faceBox.bottom * H };
  const above = { top: safe.top, bottom: face.top - HOOK_FACE_MARGIN_PX };
  const below = { top: face.bottom + HOOK_FACE_MARGIN_PX, bottom: safe.bottom };
  const room = (r: { top: number; bottom: number }) => r.bottom - r.top;
  const region =
    room(above) >= blockHeight
      ? above
      : room(below) >= blockHeight
        ? below
        : room(above) >= room(below)
          ? above
          : below;
  const centre = (region.top + region.bottom) / 2 - clampYOffset(yOffset) * H;
  const half = blockHeight / 2;
  // Inside the safe zone whatever the slider says; a block taller than it sits at its top.
  const kept = Math.max(safe.top + half, Math.min(safe.bottom - half, centre));
  return {
    fontPx,
    lineCount: probe.lineCount,
    anchorX: (safe.left + safe.right) / 2 / W,
    anchorY: kept / H,
    top: kept - half,
    bottom: kept + half,
    shrunk: fontPx < wanted,
    legible: fits(probe),
  };
};

/** Lays out a fitted hook on a frame of any size (the preview's, or the render's 1080x1920). */
export const layoutFittedHook = (
  text: string,
  fit: HookFit,
  {
    measure,
    width = RENDER_WIDTH,
    height = RENDER_HEIGHT,
  }: {
    measure: MeasureHookText;
    width?: number;
    height?: number;
  },
) =>
  layoutHookOverlay(text, {
    fontPx: fit.fontPx,
    anchorX: fit.anchorX,
    anchorY: fit.anchorY,
    yOffset: 0,
    measure,
    width,
    height,
  });

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The end card's lines as text clips from `start`, one track each (they show at once; the
 * first shares the hook's track, after it), over the timeline's background.
 */
const withEndCard = (
  tracks: { clips: TResolvedClip[] }[],
  card: EndCard | null | undefined,
  start: number,
  measure: MeasureHookText,
): { clips: TResolvedClip[] }[] => {
  if (!card?.title.trim()) return tracks;
  const clips: TResolvedClip[] = layoutEndCard(card, measure).map((line) => ({
    asset: {
      type: 'text',
      text: line.text,
      width: HOOK_TEXT_WIDTH,
      font: {
        family: HOOK_FONT_NAME,
        size: line.fontPx,
        color: line.color,
        weight: HOOK_FONT_WEIGHT,
        lineHeight: HOOK_LINE_HEIGHT,
      },
      stroke: { color: HOOK_STROKE_COLOR, width: HOOK_STROKE_PX },
      alignment: { horizontal: 'center', vertical: 'center' },
    },
    start,
    length: END_CARD_SEC,
    position: 'center',
    offset: {
      x: round4((TIKTOK_SAFE_ZONE.left + TIKTOK_SAFE_ZONE.right) / 2 / RENDER_WIDTH - 0.5),
      y: round4(0.5 - line.anchorY),
    },
  }));
  const [first, ...rest] = clips;
  const [top, ...lower] = tracks;
  return [{ clips: [...top!.clips, first!] }, ...rest.map((clip) => ({ clips: [clip] })), ...lower];
};

/** A character is a clip when its URL names a video file; otherwise it is a still image. */
export const isVideoUrl = (url: string) => /\.(?:mp4|webm|mov|m4v)(?:[?#].*)?$/i.test(url);

/**
 * How the product video fills the 9:16 frame (decision 131): `blur`, the whole picture over a
 * blurred, darkened fill of itself (the default; stored that way at upload, so it renders by
 * stream copy); `crop` (Fill) cuts the picture to fill the frame; `contain` (Fit) shows it
 * whole between black bars. Fill and Fit render the kept original.
 */
export const PRODUCT_VIDEO_FITS = ['blur', 'crop', 'contain'] as const;
export type ProductVideoFit = (typeof PRODUCT_VIDEO_FITS)[number];
export const DEFAULT_PRODUCT_VIDEO_FIT: ProductVideoFit = 'blur';
export const PRODUCT_VIDEO_FIT_LABELS: Record<ProductVideoFit, string> = {
  blur: 'Blurred background',
  crop: 'Fill',
  contain: 'Fit',
};
export const readProductVideoFit = (value: unknown): ProductVideoFit =>
  PRODUCT_VIDEO_FITS.includes(value as ProductVideoFit)
    ? (value as ProductVideoFit)
    : DEFAULT_PRODUCT_VIDEO_FIT;

/**
 * The product clip's source and fit: the stored (blur-filled) video for `blur` or when no
 * original was kept (a 9:16 upload, where every fit looks alike); else the original.
 */
export const productVideoSource = (
  fit: ProductVideoFit,
  stored: string,
  original: string | null | undefined,
): { src: string; fit: 'crop' | 'contain' } =>
  fit === 'blur' || !original
    ? { src: stored, fit: 'crop' }
    : { src: original, fit: fit === 'contain' ? 'contain' : 'crop' };

/**
 * How the hook is drawn (decision 136): white text with a black outline (docs/product/hook-demo.md
 * rule 6), or TikTok's own text style, black text on a white rounded box that hugs the lines.
 */
export const HOOK_STYLES = ['outline', 'box'] as const;
export type HookStyle = (typeof HOOK_STYLES)[number];
export const HOOK_STYLE_LABELS: Record<HookStyle, string> = { outline: 'Outline', box: 'Box' };
export const readHookStyle = (value: unknown): HookStyle => (value === 'box' ? 'box' : 'outline');
export const HOOK_BOX = {
  color: '#ffffff',
  textColor: '#000000',
  /** Room around the lines and the corners' radius, in em of the hook's size. */
  paddingEm: 0.3,
  radiusEm: 0.35,
} as const;

/** The box's padding and radius in px of the 1080 px frame for a hook drawn at `fontPx`. */
export const hookBoxOf = (fontPx: number) => ({
  padding: Math.round(fontPx * HOOK_BOX.paddingEm),
  radius: Math.round(fontPx * HOOK_BOX.radiusEm),
});

/** The optional end card (decision 135): after the product video, on the timeline's background. */
export type EndCard = { title: string; price?: string | null };
export const END_CARD_SEC = 2.5;
export const END_CARD_LINK_TEXT = 'Link in bio';
export const END_CARD_PRICE_COLOR = '#ffd84d';
export const END_CARD_TITLE_MAX = 80;
export const END_CARD_PRICE_MAX = 20;

/** An end card as a draft or campaign item holds it: a title and an optional price, else none. */
export const readEndCard = (value: unknown): EndCard | null => {
  if (!value || typeof value !== 'object') return null;
  const card = value as { title?: unknown; price?: unknown };
  return typeof card.title === 'string'
    ? { title: card.title, price: typeof card.price === 'string' ? card.price : '' }
    : null;
};

/** The card's lines: what each says, its size (px of 1080), colour and centre (fraction, from top). */
export type EndCardLine = { text: string; fontPx: number; color: string; anchorY: number };

/**
 * The end card's layout, shared by the edit and the editor's preview: the product name (shrunk
 * to at most two lines), the price in yellow, then "Link in bio", centred in the safe zone.
 */
export const layoutEndCard = (card: EndCard, measure: MeasureHookText): EndCardLine[] => {
  const title = card.title.trim().slice(0, END_CARD_TITLE_MAX);
  const price = (card.price ?? '').trim().slice(0, END_CARD_PRICE_MAX);
  let titlePx = 92;
  while (
    titlePx > HOOK_LEGIBLE_MIN_PX &&
    layoutHookOverlay(title, { fontPx: titlePx, measure }).lines.length > 2
  ) {
    titlePx -= HOOK_SHRINK_STEP_PX;
  }
  const centre = (TIKTOK_SAFE_ZONE.top + TIKTOK_SAFE_ZONE.bottom) / 2 / RENDER_HEIGHT;
  const lines: EndCardLine[] = [];
  if (title) lines.push({ text: title, fontPx: titlePx, color: HOOK_TEXT_COLOR, anchorY: 0 });
  if (price) lines.push({ text: price, fontPx: 120, color: END_CARD_PRICE_COLOR, anchorY: 0 });
  lines.push({ text: END_CARD_LINK_TEXT, fontPx: 64.8, color: HOOK_TEXT_COLOR, anchorY: 0 });
  // Stacked with a gap of half the next line's size, the whole centred in the safe zone.
  const heights = lines.map(
    (l) => layoutHookOverlay(l.text, { fontPx: l.fontPx, measure }).lines.length * l.fontPx * 1.3,
  );
  const gaps = lines.slice(1).map((l) => l.fontPx * 0.5);
  const total = heights.reduce((a, b) => a + b, 0) + gaps.reduce((a, b) => a + b, 0);
  let y = centre * RENDER_HEIGHT - total / 2;
  return lines.map((line, i) => {
    const mid = y + heights[i]! / 2;
    y += heights[i]! + (gaps[i] ?? 0);
    return { ...line, anchorY: mid / RENDER_HEIGHT };
  });
};

export type HookDemoInput = {
  hookText: string;
  /** An image (png/jpg/webp) or a video (.mp4/.webm) of the UGC character. */
  characterUrl: string;
  /** The stored product video (9:16, blur-filled when the upload was not 9:16). */
  productVideoUrl: string;
  /** The kept original of the product video, if any (ZUserVideo.originalUrl). */
  productOriginalUrl?: string | null;
  productVideoFit?: ProductVideoFit;
  textFontScale?: number;
  textYOffset?: number;
  ugcDurationSec?: number;
  productDurationSec?: number;
  /** Where the character's face is (faceBoxFor); the hook is placed clear of it. */
  faceBox?: FaceBox;
  /** An end card after the product video (decision 135); none when null or without a title. */
  endCard?: EndCard | null;
  hookStyle?: HookStyle;
  /**
   * The hook read aloud (POST /api/voice/hook, decision 140): a file as long as the character
   * part, sent as the timeline's soundtrack, so it plays from the start under the hook only.
   */
  voiceUrl?: string | null;
  /**
   * Measures text in the hook font: the browser's canvas or the server's Skia. Without it an
   * estimate decides shrinking and placement (tests that do not look at the text).
   */
  measure?: MeasureHookText;
};

const clampTo = (
  value: unknown,
  { min, max, default: fallback }: { min: number; max: number; default: number },
) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(max, Math.max(min, value))
    : fallback;

/**
 * Everything of a Hook + Demo's look that a draft's or campaign item's assets hold, read alike by
 * the editor and the campaign's own render, so a scheduled item renders the video the seller
 * previewed (decision 135); anything odd falls back to the default.
 */
export const readHookDemoLook = (assets: Record<string, unknown>) => ({
  productVideoFit: readProductVideoFit(assets.productVideoFit),
  textFontScale: clampTo(assets.textFontScale, TEXT_FONT_SCALE),
  textYOffset: clampTo(assets.textYOffset, TEXT_Y_OFFSET),
  ...readDemoPacing(assets),
  endCard: readEndCard(assets.endCard),
  hookStyle: readHookStyle(assets.hookStyle),
});

/** A rough width of text in the hook font (about half an em a character). */
const estimateHookText: MeasureHookText = (text, fontPx) => [...text].length * fontPx * 0.52;

/**
 * The edit of a Hook + Demo (docs/product/hook-demo.md rule 6): the character for the first part
 * with the hook over it, then the product video. tracks[0] (the top layer) holds the overlay, a
 * text asset sized by docs/product/hook-demo.md rule 6; tracks[1] the footage.
 */
export const buildHookDemoEdit = ({
  hookText,
  characterUrl,
  productVideoUrl,
  productOriginalUrl,
  productVideoFit = DEFAULT_PRODUCT_VIDEO_FIT,
  textFontScale,
  textYOffset,
  ugcDurationSec = UGC_DURATION_SEC,
  productDurationSec = PRODUCT_DURATION_SEC,
  faceBox,
  measure,
  endCard,
  hookStyle = 'outline',
  voiceUrl,
}: HookDemoInput): TResolvedEdit => {
  const text = hookText.trim();
  const fit = fitHookOverlay(text, {
    fontScale: textFontScale,
    yOffset: textYOffset,
    faceBox: faceBox ?? FALLBACK_FACE_BOX,
    measure: measure ?? estimateHookText,
  });
  const character: TResolvedClip = {
    asset: isVideoUrl(characterUrl)
      ? { type: 'video', src: characterUrl }
      : { type: 'image', src: characterUrl },
    start: 0,
    length: ugcDurationSec,
    fit: 'crop',
  };
  // The box hugs the widest line: wrapping again at that width gives the same lines.
  const widest = Math.max(
    0,
    ...layoutFittedHook(text, fit, { measure: measure ?? estimateHookText }).lines.map((l) =>
      (measure ?? estimateHookText)(l.text, fit.fontPx),
    ),
  );
  const box = hookBoxOf(fit.fontPx);
  const overlay: TResolvedClip = {
    asset: {
      type: 'text',
      text,
      width:
        hookStyle === 'box' ? Math.min(HOOK_TEXT_WIDTH, Math.ceil(widest) + 2) : HOOK_TEXT_WIDTH,
      font: {
        family: HOOK_FONT_NAME,
        size: fit.fontPx,
        color: hookStyle === 'box' ? HOOK_BOX.textColor : HOOK_TEXT_COLOR,
        weight: HOOK_FONT_WEIGHT,
        lineHeight: HOOK_LINE_HEIGHT,
      },
      ...(hookStyle === 'box'
        ? {
            background: {
              color: HOOK_BOX.color,
              padding: box.padding,
              borderRadius: box.radius,
            },
          }
        : { stroke: { color: HOOK_STROKE_COLOR, width: HOOK_STROKE_PX } }),
      alignment: { horizontal: 'center', vertical: 'center' },
    },
    start: 0,
    length: ugcDurationSec,
    position: 'center',
    // Shotstack's offsets: fractions of the frame from its centre, +y up.
    offset: { x: round4(fit.anchorX - 0.5), y: round4(0.5 - fit.anchorY) },
  };
  const source = productVideoSource(productVideoFit, productVideoUrl, productOriginalUrl);
  const product: TResolvedClip = {
    asset: { type: 'video', src: source.src },
    start: ugcDurationSec,
    length: productDurationSec,
    fit: source.fit,
  };
  return {
    timeline: {
      background: '#000000',
      ...(voiceUrl ? { soundtrack: { src: voiceUrl, volume: 1 } } : {}),
      tracks: withEndCard(
        [{ clips: [overlay] }, { clips: [character, product] }],
        endCard,
        ugcDurationSec + productDurationSec,
        measure ?? estimateHookText,
      ),
    },
    output: {
      format: 'mp4',
      aspectRatio: '9:16',
      size: { width: RENDER_WIDTH, height: RENDER_HEIGHT },
      fps: RENDER_FPS,
    },
  };
};

/** The members of a 2D context drawing needs: the browser's and @napi-rs/canvas's alike. */
export type HookOverlayContext = {
  font: string;
  textAlign: string;
  textBaseline: string;
  lineJoin: string;
  lineWidth: number;
  miterLimit: number;
  strokeStyle: unknown;
  fillStyle: unknown;
  strokeText(text: string, x: number, y: number): void;
  fillText(text: string, x: number, y: number): void;
};

/**
 * Draws a laid-out overlay: each line stroked (round joins, so sharp corners do not spike) and
 * then filled over, so the outline shows `strokeLineWidth / 2` outside the glyphs. `dx`/`dy`
 * move it, for a canvas that holds only the text's box.
 */
export const drawHookOverlay = (
  ctx: HookOverlayContext,
  layout: HookOverlayLayout,
  {
    dx = 0,
    dy = 0,
    color = HOOK_TEXT_COLOR,
    strokeColor = HOOK_STROKE_COLOR,
    strokeLineWidth = layout.strokeLineWidth,
  }: {
    dx?: number;
    dy?: number;
    color?: string;
    strokeColor?: string;
    strokeLineWidth?: number;
  } = {},
) => {
  ctx.font = layout.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.lineJoin = 'round';
  ctx.miterLimit = 2;
  if (strokeLineWidth > 0) {
    ctx.lineWidth = strokeLineWidth;
    ctx.strokeStyle = strokeColor;
    for (const line of layout.lines) ctx.strokeText(line.text, line.x + dx, line.y + dy);
  }
  ctx.fillStyle = color;
  for (const line of layout.lines) ctx.fillText(line.text, line.x + dx, line.y + dy);
};
