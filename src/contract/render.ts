import { z } from 'zod';

/**
 * The render contract (seam S1): the subset of Shotstack's Edit JSON that the Hook + Demo editor,
 * campaigns and templates produce, and the envelopes of POST /api/shotstack/render and
 * GET /api/shotstack/status/{id} (spec 02 §7 "Video rendering"). Both renderers (the local ffmpeg
 * one and Shotstack) accept exactly this; anything else is a 400 naming the unsupported field,
 * because a field one renderer would silently ignore makes the two disagree.
 */

export const RENDER_WIDTH = 1080;
export const RENDER_HEIGHT = 1920;
export const RENDER_FPS = 30;
/** Longest timeline we render: the spec's ads are 10 s, product videos at most 30 s. */
export const RENDER_MAX_SECONDS = 60;
export const RENDER_MAX_CLIPS = 20;
export const RENDER_MAX_TRACKS = 5;
export const RENDER_URL_MAX = 2048;
export const RENDER_TEXT_MAX = 500;

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

/** Spec 02 §4 "Render job status": the progress shown for each status. */
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

const ZMediaUrl = z
  .string()
  .max(RENDER_URL_MAX)
  .refine((value) => /^https?:\/\//i.test(value) || value.startsWith('/'), {
    message: 'Must be an http(s) URL or a path of this site',
  });

const ZColor = z.string().regex(/^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Must be a #rrggbb colour');

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
  width: z.number().int().min(1).max(RENDER_HEIGHT).optional(),
  height: z.number().int().min(1).max(RENDER_HEIGHT).optional(),
  background: z
    .string()
    .regex(/^(?:#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|transparent)$/)
    .optional(),
});

export const ZTextAsset = strict({
  type: z.literal('text'),
  text: z.string().min(1).max(RENDER_TEXT_MAX),
  width: z.number().int().min(1).max(RENDER_HEIGHT).optional(),
  height: z.number().int().min(1).max(RENDER_HEIGHT).optional(),
  font: strict({
    family: z.string().max(100).optional(),
    color: ZColor.optional(),
    size: z.number().min(1).max(500).optional(),
    weight: z.number().int().min(100).max(900).optional(),
    lineHeight: z.number().min(0.5).max(3).optional(),
  }).optional(),
  stroke: strict({
    color: ZColor.optional(),
    width: z.number().min(0).max(50).optional(),
  }).optional(),
  alignment: strict({
    horizontal: z.enum(['left', 'center', 'right']).optional(),
    vertical: z.enum(['top', 'center', 'bottom']).optional(),
  }).optional(),
});

export const ZRenderAsset = z.discriminatedUnion('type', [
  ZVideoAsset,
  ZImageAsset,
  ZHtmlAsset,
  ZTextAsset,
]);
export type TRenderAsset = z.infer<typeof ZRenderAsset>;

const ZTransitionName = z.literal('fade');

export const ZRenderClip = strict({
  asset: ZRenderAsset,
  start: z.number().min(0).max(RENDER_MAX_SECONDS),
  length: z.number().gt(0).max(RENDER_MAX_SECONDS),
  fit: z.enum(CLIP_FITS).optional(),
  position: z.enum(CLIP_POSITIONS).optional(),
  /** Fractions of the viewport; +y is up, as in Shotstack. */
  offset: strict({
    x: z.number().min(-1).max(1).optional(),
    y: z.number().min(-1).max(1).optional(),
  }).optional(),
  scale: z.number().gt(0).max(10).optional(),
  transition: strict({
    in: ZTransitionName.optional(),
    out: ZTransitionName.optional(),
  }).optional(),
});
export type TRenderClip = z.infer<typeof ZRenderClip>;

export const ZRenderTrack = strict({
  clips: z.array(ZRenderClip).min(1).max(RENDER_MAX_CLIPS),
});

export const ZRenderEdit = strict({
  timeline: strict({
    background: ZColor.optional(),
    /** Font files for html/text assets; the local renderer always draws with TikTok Sans. */
    fonts: z
      .array(strict({ src: ZMediaUrl }))
      .max(5)
      .optional(),
    /** tracks[0] is the top layer, as in Shotstack. */
    tracks: z.array(ZRenderTrack).min(1).max(RENDER_MAX_TRACKS),
  }),
  output: strict({
    format: z.literal('mp4'),
    aspectRatio: z.literal('9:16').optional(),
    size: strict({ width: z.literal(RENDER_WIDTH), height: z.literal(RENDER_HEIGHT) }).optional(),
    fps: z.literal(RENDER_FPS).optional(),
  }),
}).superRefine((edit, ctx) => {
  // Shotstack flashes between overlapping clips of one track; neither renderer takes them.
  edit.timeline.tracks.forEach((track, t) => {
    const order = track.clips
      .map((clip, c) => ({ clip, c }))
      .sort((a, b) => a.clip.start - b.clip.start);
    for (let i = 1; i < order.length; i++) {
      const before = order[i - 1]!.clip;
      if (order[i]!.clip.start < before.start + before.length - 1e-6) {
        ctx.addIssue({
          code: 'custom',
          path: ['timeline', 'tracks', t, 'clips', order[i]!.c, 'start'],
          message: 'Clips on one track must not overlap; put the clip on another track',
        });
      }
    }
  });
  const end = timelineEnd(edit);
  if (end > RENDER_MAX_SECONDS) {
    ctx.addIssue({
      code: 'custom',
      path: ['timeline', 'tracks'],
      message: `The timeline lasts ${end} s; at most ${RENDER_MAX_SECONDS} s can be rendered`,
    });
  }
});
export type TRenderEdit = z.infer<typeof ZRenderEdit>;

/** Where the last clip of the timeline ends, in seconds. */
export const timelineEnd = (edit: { timeline: { tracks: { clips: TRenderClip[] }[] } }) =>
  Math.max(
    0,
    ...edit.timeline.tracks.flatMap((track) => track.clips.map((c) => c.start + c.length)),
  );

/** POST /api/shotstack/render: the edit, plus a key that makes a repeated submit the same render. */
export const ZRenderSubmitQuery = z.strictObject({
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

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
