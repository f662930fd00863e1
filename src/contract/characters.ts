import { z } from 'zod';

/** docs/product/characters.md rule 2: the six style presets (id: label), in the grid's order. */
export const CHARACTER_STYLE_PRESETS = [
  { id: 'iphone', label: 'iPhone Portrait' },
  { id: 'professional', label: 'Professional' },
  { id: 'casual', label: 'Casual Lifestyle' },
  { id: 'fashion', label: 'Fashion Show' },
  { id: 'tokyo', label: 'Tokyo Street' },
  { id: 'selfie', label: '0.5 Selfie' },
] as const;

export const ZCharacterStylePreset = z.enum([
  'iphone',
  'professional',
  'casual',
  'fashion',
  'tokyo',
  'selfie',
]);
export type TCharacterStylePreset = z.infer<typeof ZCharacterStylePreset>;

export const characterStyleLabel = (id: string): string =>
  CHARACTER_STYLE_PRESETS.find((p) => p.id === id)?.label ?? id;

/** docs/product/characters.md rule 2: generation costs 0.25 credits and makes a 1024x1024 image. */
export const CHARACTER_GENERATION_CREDITS = 0.25;
export const CHARACTER_IMAGE_SIZE = 1024;
/** docs/product/characters.md rule 2: the dialog previews the first 6 of the library. */
export const CHARACTER_LIBRARY_PREVIEW = 6;
/**
 * docs/product/characters.md rule 1: 10 pre-made characters, 8 shown inline in the Hook + Demo
 * editor.
 */
export const PREMADE_CHARACTER_COUNT = 10;
export const PREMADE_CHARACTERS_INLINE = 8;
/** Where every character file is served from (own origin, stable, Range for <video>). */
export const CHARACTER_MEDIA_PREFIX = '/media/characters/';

export const CHARACTER_PROMPT_MAX = 1000;
export const CHARACTER_NAME_MAX = 120;

/** Where a face is on the 9:16 frame, as fractions of its width and height (decision 132). */
export const ZFaceBox = z.object({
  left: z.number(),
  top: z.number(),
  right: z.number(),
  bottom: z.number(),
});

/**
 * A pre-made character (GET /api/characters/list). `url` is a stable own-origin URL under
 * /media/characters/: an mp4 clip in the canonical stored format (1080x1920, ≥ 5 s, loops
 * cleanly) for kind 'video', an image for kind 'image'. `thumbnailUrl` is a JPEG portrait.
 */
export const ZPremadeCharacter = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  kind: z.enum(['video', 'image']),
  /**
   * Where the face is in the 9:16 clip, as fractions of the frame (decision 132): the hook is
   * placed clear of it. Absent or null when unknown (then faceBoxFor's fallback applies).
   */
  faceBox: ZFaceBox.nullable().optional(),
});
export type TPremadeCharacter = z.infer<typeof ZPremadeCharacter>;

export const ZPremadeCharacterListResponse = z.object({ files: z.array(ZPremadeCharacter) });
export type TPremadeCharacterListResponse = z.infer<typeof ZPremadeCharacterListResponse>;

/**
 * docs/product/characters.md rule 2: one saved character of the user's library. `imageUrl` is a
 * stable own-origin URL (/media/characters/…, with a capability for a generated image), usable as
 * `assets.selectedCharacter` of a video draft.
 */
export const ZCharacter = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  stylePreset: ZCharacterStylePreset,
  /** The generation this character was saved from (the id POST /generate answered). */
  characterId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /**
   * A short clip of this character moving, made from the still by the motion step when a video
   * model is configured (/media/characters/{id}.mp4, canonical format): usable as
   * `assets.selectedCharacter` instead of `imageUrl`. Null without one, and while it is made.
   */
  clipUrl: z.string().nullable(),
  /**
   * Where the face is in the 9:16 frame as the render shows this character (its clip when it
   * has one), found by a job after it was generated or uploaded (decision 139): the hook is
   * placed clear of it. Null while that job has not run and when no face was found (then
   * faceBoxFor's fallback applies).
   */
  faceBox: ZFaceBox.nullable(),
  createdAt: z.string(),
});
export type TCharacter = z.infer<typeof ZCharacter>;

/** GET /api/characters: the user's library, newest first. */
export const ZCharacterListResponse = z.object({ characters: z.array(ZCharacter) });
export type TCharacterListResponse = z.infer<typeof ZCharacterListResponse>;

const ZPrompt = z
  .string()
  .trim()
  .min(1, 'Please enter a character description')
  .max(CHARACTER_PROMPT_MAX);

/**
 * POST /api/characters/generate. `userId` is accepted because older clients send it, but
 * the session decides whose generation it is: a different id is refused (403).
 */
export const ZGenerateCharacterRequest = z.object({
  prompt: ZPrompt,
  stylePreset: ZCharacterStylePreset,
  userId: z.string().max(200).optional(),
});
export type TGenerateCharacterRequest = z.infer<typeof ZGenerateCharacterRequest>;

/** The generated image, not yet in the library: save it with POST /api/characters. */
export const ZGenerateCharacterResponse = z.object({
  id: z.string(),
  imageUrl: z.string(),
  name: z.string(),
  /**
   * True when a video model is configured: a clip of the character moving is being made and
   * appears as `clipUrl` of the saved character within minutes.
   */
  clipPending: z.boolean(),
});
export type TGenerateCharacterResponse = z.infer<typeof ZGenerateCharacterResponse>;

/**
 * POST /api/characters: saves a generation into the library. `imageUrl` must be an image this
 * user generated (the `imageUrl` POST /generate answered); any other URL is refused.
 * `characterId` is the generation's id. Saving the same generation twice answers the same
 * character.
 */
export const ZSaveCharacterRequest = z.object({
  userId: z.string().max(200).optional(),
  name: z.string().trim().min(1, 'Enter a name').max(CHARACTER_NAME_MAX),
  description: z.string().trim().max(CHARACTER_PROMPT_MAX).default(''),
  imageUrl: z.string().max(2048),
  stylePreset: ZCharacterStylePreset,
  characterId: z.string().max(200).nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type TSaveCharacterRequest = z.input<typeof ZSaveCharacterRequest>;

export const ZCharacterIdParams = z.object({ id: z.string().min(1).max(200) });
