import { z } from 'zod';
import { ZErrorResponse } from './errors';

/**
 * The render contract: Shotstack's Edit JSON as its documentation publishes it (the
 * hello-world and template examples: soundtrack, video/image/html/text/title assets, motion
 * effects, every documented transition, resolution and aspect-ratio presets, smart "auto"/"end"
 * timing, merge fields), and the envelopes of POST /api/shotstack/render and
 * GET /api/shotstack/status/{id}. Both renderers (the local ffmpeg one and Shotstack) accept
 * exactly this; anything else is a 400 listing every unsupported field at once, because a field
 * one renderer would silently ignore makes the two disagree (docs/decisions/143).
 */

export const RENDER_WIDTH = 1080;
export const RENDER_HEIGHT = 1920;
export const RENDER_FPS = 30;
/** Longest timeline we render: our ads are 10 s by default, product videos at most 30 s. */
export const RENDER_MAX_SECONDS = 60;
export const RENDER_MAX_CLIPS = 20;
export const RENDER_MAX_TRACKS = 5;
export const RENDER_URL_MAX = 2048;
export const RENDER_TEXT_MAX = 500;
/** Shotstack's largest video side, and ours. */
export const RENDER_MAX_SIDE = 1920;

export const RENDER_STATUSES = [
  'queued',
  'fetching',
  'rendering',
  'saving',
  'done',
  'failed',
] as const;
export const ZRenderStatus = z.enum(RENDER_STATUSES);
export type TRenderStatus = z.infer<typeof ZRenderStatus>;

/** Where a render came from; campaigns and examples render without the editor. */
export const RENDER_SOURCES = ['editor', 'campaign', 'example'] as const;
export type TRenderSource = (typeof RENDER_SOURCES)[number];

/** `local` for the embedded ffmpeg renderer, else the Shotstack environment. */
export const RENDER_ENVIRONMENTS = ['local', 'stage', 'v1'] as const;
export const ZRenderEnvironment = z.enum(RENDER_ENVIRONMENTS);
export type TRenderEnvironment = z.infer<typeof ZRenderEnvironment>;

/** docs/product/hook-demo.md rule 7: the progress shown for each status. */
export const RENDER_PROGRESS: Record<TRenderStatus, number> = {
  queued: 10,
  fetching: 10,
  rendering: 70,
  saving: 90,
  done: 100,
  failed: 0,
};

// A strict object whose unknown keys are reported as "Unsupported field", so the 400 says which
// part of the edit neither renderer would honour.
const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unsupported field: ${issue.keys.join(', ')}`
        : undefined,
  });

/** An enum whose wrong value says it is not supported and lists what is. */
const supported = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.code === 'invalid_value'
        ? `Unsupported ${what}: ${JSON.stringify(issue.input)}; use one of ${values.join(', ')}`
        : undefined,
  });

const ZMediaUrl = z
  .string()
  .max(RENDER_URL_MAX)
  .refine((value) => /^https?:\/\//i.test(value) || value.startsWith('/'), {
    message: 'Must be an http(s) URL or a path of this site',
  });

/** Shotstack's colours: #rrggbb, or #aarrggbb with the alpha first (the opposite of CSS). */
const ZColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Must be a #rrggbb or #aarrggbb colour');

/** `#aarrggbb` (alpha first, as Shotstack writes it) or `#rrggbb` → the colour and its opacity. */
export const splitColor = (hex: string): { rgb: string; alpha: number } => {
  const digits = hex.replace('#', '');
  if (digits.length === 8) {
    return { rgb: `#${digits.slice(2)}`, alpha: parseInt(digits.slice(0, 2), 16) / 255 };
  }
  return { rgb: `#${digits}`, alpha: 1 };
};

export const CLIP_POSITIONS = [
  'top',
  'topRight',
  'right',
  'bottomRight',
  'bottom',
  'bottomLeft',
  'left',
  'topLeft',
  'center',
] as const;
export type TClipPosition = (typeof CLIP_POSITIONS)[number];

/** Shotstack's names: crop fills and cuts (CSS cover), cover stretches, contain letterboxes. */
export const CLIP_FITS = ['crop', 'cover', 'contain', 'none'] as const;
export type TClipFit = (typeof CLIP_FITS)[number];

const withSpeeds = <const T extends readonly string[]>(names: T) =>
  names.flatMap((name) => [name, `${name}Slow`, `${name}Fast`]) as unknown as readonly [
    `${T[number]}` | `${T[number]}Slow` | `${T[number]}Fast`,
    ...(`${T[number]}` | `${T[number]}Slow` | `${T[number]}Fast`)[],
  ];

/** Shotstack's transition families; each also comes as `…Slow` and `…Fast`. */
export const TRANSITION_FAMILIES = [
  'fade',
  'reveal',
  'wipeLeft',
  'wipeRight',
  'slideLeft',
  'slideRight',
  'slideUp',
  'slideDown',
  'carouselLeft',
  'carouselRight',
  'carouselUp',
  'carouselDown',
  'shuffleTopRight',
  'shuffleRightTop',
  'shuffleRightBottom',
  'shuffleBottomRight',
  'shuffleBottomLeft',
  'shuffleLeftBottom',
  'shuffleLeftTop',
  'shuffleTopLeft',
  'zoom',
] as const;
export const TRANSITIONS = ['none', ...withSpeeds(TRANSITION_FAMILIES)] as const;
export type TTransition = (typeof TRANSITIONS)[number];

/** Shotstack's motion effects; each also comes as `…Slow` and `…Fast`. */
export const EFFECT_FAMILIES = [
  'zoomIn',
  'zoomOut',
  'slideLeft',
  'slideRight',
  'slideUp',
  'slideDown',
] as const;
export const EFFECTS = withSpeeds(EFFECT_FAMILIES);
export type TEffect = (typeof EFFECTS)[number];

export const ZVideoAsset = strict({
  type: z.literal('video'),
  src: ZMediaUrl,
  /** Seconds skipped at the start of the source. */
  trim: z.number().min(0).max(3600).optional(),
  volume: z.number().min(0).max(1).optional(),
});

export const ZImageAsset = strict({
  type: z.literal('image'),
  src: ZMediaUrl,
});

/**
 * An HTML asset is drawn as its text (tags dropped, `<br>` and block ends as line breaks) in the
 * style its `css` gives with font-size, color, line-height, text-align and
 * -webkit-text-stroke; other CSS is not applied by the local renderer.
 */
export const ZHtmlAsset = strict({
  type: z.literal('html'),
  html: z
    .string()
    .min(1)
    .max(RENDER_TEXT_MAX * 4),
  css: z
    .string()
    .max(RENDER_TEXT_MAX * 4)
    .optional(),
  width: z.number().int().min(1).max(RENDER_MAX_SIDE).optional(),
  height: z.number().int().min(1).max(RENDER_MAX_SIDE).optional(),
  background: z
    .string()
    .regex(/^(?:#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|transparent)$/)
    .optional(),
});

/** Shotstack's text asset: wrapped in its box, with an optional rounded background behind it. */
export const ZTextAsset = strict({
  type: z.literal('text'),
  text: z.string().min(1).max(RENDER_TEXT_MAX),
  width: z.number().int().min(1).max(RENDER_MAX_SIDE).optional(),
  height: z.number().int().min(1).max(RENDER_MAX_SIDE).optional(),
  font: strict({
    family: z.string().max(100).optional(),
    color: ZColor.optional(),
    opacity: z.number().min(0).max(1).optional(),
    size: z.number().min(1).max(500).optional(),
    weight: z.number().int().min(100).max(900).optional(),
    lineHeight: z.number().min(0.5).max(3).optional(),
  }).optional(),
  stroke: strict({
    color: ZColor.optional(),
    width: z.number().min(0).max(50).optional(),
  }).optional(),
  background: strict({
    color: ZColor.optional(),
    opacity: z.number().min(0).max(1).optional(),
    padding: z.number().min(0).max(100).optional(),
    borderRadius: z.number().min(0).max(500).optional(),
  }).optional(),
  alignment: strict({
    horizontal: z.enum(['left', 'center', 'right']).optional(),
    vertical: z.enum(['top', 'center', 'bottom']).optional(),
  }).optional(),
});

export const TITLE_STYLES = [
  'minimal',
  'blockbuster',
  'vogue',
  'sketchy',
  'skinny',
  'chunk',
  'chunkLight',
  'marker',
  'future',
  'subtitle',
] as const;
export const TITLE_SIZES = [
  'xx-small',
  'x-small',
  'small',
  'medium',
  'large',
  'x-large',
  'xx-large',
] as const;

/** Shotstack's (deprecated, still documented) title asset, as its hello-world uses it. */
export const ZTitleAsset = strict({
  type: z.literal('title'),
  text: z.string().min(1).max(RENDER_TEXT_MAX),
  style: supported(TITLE_STYLES, 'title style').optional(),
  color: ZColor.optional(),
  size: supported(TITLE_SIZES, 'title size').optional(),
  background: ZColor.optional(),
  position: z
    .enum([...CLIP_POSITIONS, 'top-right', 'bottom-right', 'bottom-left', 'top-left'])
    .optional(),
  offset: strict({
    x: z.number().min(-10).max(10).optional(),
    y: z.number().min(-10).max(10).optional(),
  }).optional(),
});

const ASSET_TYPES = ['video', 'image', 'html', 'text', 'title'] as const;

export const ZRenderAsset = z.discriminatedUnion(
  'type',
  [ZVideoAsset, ZImageAsset, ZHtmlAsset, ZTextAsset, ZTitleAsset],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `Unsupported asset type; use one of ${ASSET_TYPES.join(', ')}`
        : undefined,
  },
);
export type TRenderAsset = z.infer<typeof ZRenderAsset>;

/** Seconds, or Shotstack's smart values: "auto" starts after the previous clip of the track. */
const ZClipStart = z.union([z.number().min(0).max(RENDER_MAX_SECONDS), z.literal('auto')], {
  error: 'Must be a number of seconds or "auto"',
});
/** Seconds, "auto" (the asset's own length) or "end" (until the timeline ends). */
const ZClipLength = z.union(
  [z.number().gt(0).max(RENDER_MAX_SECONDS), z.literal('auto'), z.literal('end')],
  { error: 'Must be a number of seconds, "auto" or "end"' },
);

export const ZRenderClip = strict({
  asset: ZRenderAsset,
  start: ZClipStart,
  length: ZClipLength,
  fit: z.enum(CLIP_FITS).optional(),
  position: z.enum(CLIP_POSITIONS).optional(),
  /** Fractions of the viewport; +y is up, as in Shotstack. */
  offset: strict({
    x: z.number().min(-10).max(10).optional(),
    y: z.number().min(-10).max(10).optional(),
  }).optional(),
  /** A fraction of the viewport the fitted asset is scaled by, as in Shotstack. */
  scale: z.number().gt(0).max(10).optional(),
  transition: strict({
    in: supported(TRANSITIONS, 'transition').optional(),
    out: supported(TRANSITIONS, 'transition').optional(),
  }).optional(),
  effect: supported(EFFECTS, 'effect').optional(),
});
export type TRenderClip = z.infer<typeof ZRenderClip>;
/** A clip whose smart values were worked out: plain seconds. */
export type TResolvedClip = Omit<TRenderClip, 'start' | 'length'> & {
  start: number;
  length: number;
};

export const ZRenderTrack = strict({
  clips: z.array(ZRenderClip).min(1).max(RENDER_MAX_CLIPS),
});

/** Shotstack's output presets: the short side and the default frame rate. */
export const RESOLUTIONS = {
  preview: { short: 288, fps: 15 },
  mobile: { short: 360, fps: 25 },
  sd: { short: 576, fps: 25 },
  hd: { short: 720, fps: 25 },
  '1080': { short: 1080, fps: 25 },
} as const;
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5', '4:3'] as const;
export const OUTPUT_FPS = [12, 15, 23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60] as const;

const ZEvenSide = z
  .number()
  .int()
  .min(2)
  .max(RENDER_MAX_SIDE)
  .refine((n) => n % 2 === 0, 'Must be an even number of pixels');

export const ZRenderOutput = strict({
  format: supported(['mp4'], 'output format'),
  resolution: supported(
    Object.keys(RESOLUTIONS) as [keyof typeof RESOLUTIONS, ...(keyof typeof RESOLUTIONS)[]],
    'resolution',
  ).optional(),
  aspectRatio: supported(ASPECT_RATIOS, 'aspect ratio').optional(),
  size: strict({ width: ZEvenSide, height: ZEvenSide }).optional(),
  fps: z
    .number()
    .refine((n) => (OUTPUT_FPS as readonly number[]).includes(n), {
      message: `Unsupported frame rate; use one of ${OUTPUT_FPS.join(', ')}`,
    })
    .optional(),
});
export type TRenderOutput = z.infer<typeof ZRenderOutput>;

/**
 * The frame an output asks for, as Shotstack works it out: `size` when given, else the
 * resolution preset (sd when absent) shaped by the aspect ratio (16:9 when absent); 25 fps unless
 * the preset or `fps` says otherwise.
 */
export const outputFrame = (
  output: TRenderOutput,
): { width: number; height: number; fps: number } => {
  const preset = RESOLUTIONS[output.resolution ?? 'sd'];
  const fps = output.fps ?? preset.fps;
  if (output.size) return { width: output.size.width, height: output.size.height, fps };
  const s = preset.short;
  const even = (n: number) => Math.round(n / 2) * 2;
  switch (output.aspectRatio ?? '16:9') {
    case '9:16':
      return { width: s, height: even((s * 16) / 9), fps };
    case '1:1':
      return { width: s, height: s, fps };
    case '4:5':
      return { width: s, height: even((s * 5) / 4), fps };
    case '4:3':
      return { width: even((s * 4) / 3), height: s, fps };
    default:
      return { width: even((s * 16) / 9), height: s, fps };
  }
};

export const SOUNDTRACK_EFFECTS = ['fadeIn', 'fadeOut', 'fadeInFadeOut'] as const;

export const ZSoundtrack = strict({
  /** An MP3 (or WAV) file, fetched like the other media. */
  src: ZMediaUrl,
  effect: supported(SOUNDTRACK_EFFECTS, 'soundtrack effect').optional(),
  volume: z.number().min(0).max(1).optional(),
});

/** Clips of one track whose seconds are known, for the overlap check before smart values resolve. */
const knownSpans = (track: { clips: TRenderClip[] }) =>
  track.clips.flatMap((clip, c) =>
    typeof clip.start === 'number' && typeof clip.length === 'number'
      ? [{ c, start: clip.start, end: clip.start + clip.length }]
      : [],
  );

export const ZRenderEdit = strict({
  timeline: strict({
    background: ZColor.optional(),
    soundtrack: ZSoundtrack.optional(),
    /** Font files for html/text assets; the local renderer always draws with TikTok Sans. */
    fonts: z
      .array(strict({ src: ZMediaUrl }))
      .max(5)
      .optional(),
    /** Shotstack's asset cache switch; our renderer fetches each render's media afresh anyway. */
    cache: z.boolean().optional(),
    /** tracks[0] is the top layer, as in Shotstack. */
    tracks: z.array(ZRenderTrack).min(1).max(RENDER_MAX_TRACKS),
  }),
  output: ZRenderOutput,
  /** Shotstack's merge fields, already applied by `applyMergeFields` when the edit arrives. */
  merge: z
    .array(strict({ find: z.string().min(1).max(100), replace: z.unknown() }))
    .max(100)
    .optional(),
}).superRefine((edit, ctx) => {
  // Shotstack flashes between overlapping clips of one track; neither renderer takes them.
  edit.timeline.tracks.forEach((track, t) => {
    const order = knownSpans(track).sort((a, b) => a.start - b.start);
    for (let i = 1; i < order.length; i++) {
      if (order[i]!.start < order[i - 1]!.end - 1e-6) {
        ctx.addIssue({
          code: 'custom',
          path: ['timeline', 'tracks', t, 'clips', order[i]!.c, 'start'],
          message: 'Clips on one track must not overlap; put the clip on another track',
        });
      }
    }
  });
  const end = Math.max(0, ...edit.timeline.tracks.flatMap((t) => knownSpans(t).map((s) => s.end)));
  if (end > RENDER_MAX_SECONDS) {
    ctx.addIssue({
      code: 'custom',
      path: ['timeline', 'tracks'],
      message: `The timeline lasts ${end} s; at most ${RENDER_MAX_SECONDS} s can be rendered`,
    });
  }
  const frame = outputFrame(edit.output);
  if (frame.width > RENDER_MAX_SIDE || frame.height > RENDER_MAX_SIDE) {
    ctx.addIssue({
      code: 'custom',
      path: ['output'],
      message: `The output would be ${frame.width}x${frame.height}; at most ${RENDER_MAX_SIDE} px a side can be rendered`,
    });
  }
});
export type TRenderEdit = z.infer<typeof ZRenderEdit>;
/** An edit whose smart values were worked out (`resolveTimeline`). */
export type TResolvedEdit = Omit<TRenderEdit, 'timeline'> & {
  timeline: Omit<TRenderEdit['timeline'], 'tracks'> & { tracks: { clips: TResolvedClip[] }[] };
};

/** Where the last clip of the timeline ends, in seconds. */
export const timelineEnd = (edit: { timeline: { tracks: { clips: TResolvedClip[] }[] } }) =>
  Math.max(
    0,
    ...edit.timeline.tracks.flatMap((track) => track.clips.map((c) => c.start + c.length)),
  );

/** Shotstack's length for an "auto" clip of a picture or text: it has no length of its own. */
export const AUTO_STILL_SECONDS = 3;

/**
 * Works out Shotstack's smart values: "auto" starts where the track's previous clip ends (0 for
 * the first), an "auto" length is the video's own (after its trim; `mediaSeconds` tells it) or
 * 3 s for a still, and "end" lasts until the last clip of the other kinds ends.
 */
export const resolveTimeline = (
  edit: TRenderEdit,
  mediaSeconds: (src: string) => number | undefined,
): TResolvedEdit => {
  const tracks = edit.timeline.tracks.map((track) => {
    let previousEnd = 0;
    return track.clips.map((clip) => {
      const start = clip.start === 'auto' ? previousEnd : clip.start;
      let length: number | 'end';
      if (clip.length === 'auto') {
        const asset = clip.asset;
        const own = asset.type === 'video' ? mediaSeconds(asset.src) : undefined;
        length =
          own === undefined
            ? AUTO_STILL_SECONDS
            : Math.max(1 / 30, own - (asset.type === 'video' ? (asset.trim ?? 0) : 0));
      } else {
        length = clip.length;
      }
      previousEnd = typeof length === 'number' ? start + length : start;
      return { ...clip, start, length };
    });
  });
  const fixedEnd = Math.max(
    0,
    ...tracks.flatMap((clips) =>
      clips.flatMap((c) => (typeof c.length === 'number' ? [c.start + c.length] : [])),
    ),
  );
  return {
    ...edit,
    timeline: {
      ...edit.timeline,
      tracks: tracks.map((clips) => ({
        clips: clips.map((c) => ({
          ...c,
          length: typeof c.length === 'number' ? c.length : Math.max(1 / 30, fixedEnd - c.start),
        })),
      })),
    },
  };
};

/**
 * Shotstack's merge fields: every `{{ FIND }}` in the edit's strings becomes its replacement (a
 * string that is only a placeholder takes the replacement's own type, so numbers stay numbers).
 * Returns the input unchanged when it has no `merge` list.
 */
export const applyMergeFields = (input: unknown): unknown => {
  if (!input || typeof input !== 'object' || !('merge' in input)) return input;
  const merge = (input as { merge: unknown }).merge;
  if (!Array.isArray(merge)) return input;
  const fields = new Map<string, unknown>();
  for (const entry of merge) {
    if (
      entry &&
      typeof entry === 'object' &&
      typeof (entry as { find?: unknown }).find === 'string'
    ) {
      fields.set((entry as { find: string }).find.trim(), (entry as { replace?: unknown }).replace);
    }
  }
  const placeholder = /\{\{\s*([^{}]+?)\s*\}\}/g;
  const walk = (value: unknown, key?: string): unknown => {
    if (key === 'merge') return value;
    if (typeof value === 'string') {
      const whole = /^\{\{\s*([^{}]+?)\s*\}\}$/.exec(value);
      if (whole && fields.has(whole[1]!)) return fields.get(whole[1]!);
      return value.replace(placeholder, (all, name: string) =>
        fields.has(name) ? String(fields.get(name)) : all,
      );
    }
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    return value;
  };
  return walk(input);
};

/** Every issue of an edit that cannot be rendered, each as the field's path and why. */
export type TRenderEditIssue = { field: string; message: string };

/** Zod's issues as one entry per field: an object with three unknown keys gives three entries. */
export const editIssues = (
  issues: readonly {
    path: readonly PropertyKey[];
    message: string;
    code?: string;
    keys?: string[];
  }[],
): TRenderEditIssue[] =>
  issues.flatMap((issue) => {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      return issue.keys.map((key) => ({
        field: at ? `${at}.${key}` : key,
        message: 'Unsupported field',
      }));
    }
    return [{ field: at || 'edit', message: issue.message }];
  });

/** The 400's sentence: how many fields cannot be rendered, and each of them. */
export const refusalSentence = (issues: TRenderEditIssue[]) =>
  `This edit cannot be rendered: ${issues.length === 1 ? '1 field is' : `${issues.length} fields are`} not supported or not valid (${issues
    .map((i) => `${i.field}: ${i.message}`)
    .join('; ')}).`;

/** POST /api/shotstack/render: the edit, plus a key that makes a repeated submit the same render. */
export const ZRenderSubmitQuery = z.strictObject({
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

/** The 400 of POST /api/shotstack/render: every field that cannot be rendered, at once. */
export const ZRenderRefusal = ZErrorResponse.extend({
  /** Present when the edit itself is refused: one entry per field. */
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TRenderRefusal = z.infer<typeof ZRenderRefusal>;

export const ZRenderSubmitResponse = z.object({
  response: z.object({ id: z.string(), status: ZRenderStatus }),
  message: z.string(),
  environment: ZRenderEnvironment,
});
export type TRenderSubmitResponse = z.infer<typeof ZRenderSubmitResponse>;

export const ZRenderStatusParams = z.object({ id: z.string().uuid() });
export const ZRenderStatusQuery = z.strictObject({ env: ZRenderEnvironment.optional() });

export const ZRenderStatusResponse = z.object({
  response: z.object({
    id: z.string(),
    status: ZRenderStatus,
    /** Why it failed, in words a user can read; null otherwise. */
    error: z.string().nullable(),
    /**
     * When done: `{APP_URL}/media/renders/{id}.mp4?k=…`, a stable URL of this site that needs no
     * bearer and does not expire (decision 033); null until then.
     */
    url: z.string().nullable(),
    progress: z.number().int().min(0).max(100),
  }),
});
export type TRenderStatusResponse = z.infer<typeof ZRenderStatusResponse>;
