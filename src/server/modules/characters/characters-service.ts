import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type {
  TCharacter,
  TCharacterStylePreset,
  TGenerateCharacterRequest,
  TGenerateCharacterResponse,
  TSaveCharacterRequest,
} from '#contract/characters';
import {
  CHARACTER_IMAGE_SIZE,
  CHARACTER_NAME_MAX,
  ZSaveCharacterRequest,
} from '#contract/characters';
import type { ImageGenerator } from '../../adapters/images/image-generator';
import type { MotionGenerator } from '../../adapters/motion/motion-generator';
import { MOTION_PROMPT } from '../../adapters/motion/motion-generator';
import { normalizeVideo } from '../../media/canonical-video';
import { findCharacterFace } from '../../media/characters/character-face';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { makeWorkDir } from '../../media/work-dirs';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { FairUse } from '../ai';
import { intakeVideoFile } from '../videos';
import {
  characterClipUrl,
  characterImageUrl,
  parseCharacterImageUrl,
  parseCharacterMediaFile,
  verifyCharacterCapability,
} from './character-image-urls';
import type { CharacterRow } from './characters-repo';
import {
  deleteCharacter,
  findCharacter,
  findGeneration,
  findGenerationForMedia,
  characterFaceBox,
  generationExtras,
  generationsWithoutFace,
  insertCharacterOnce,
  insertGeneration,
  listCharacters,
  nthCharacter,
  setGenerationClip,
  setGenerationFace,
} from './characters-repo';
import { nameFor } from './character-names';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Face jobs sent per query of the backfill: one page of ids is a small read. */
const BACKFILL_PAGE = 200;
/** Image generators answer with at most this much; anything larger is not a 1024² image. */
const MAX_GENERATED_BYTES = 20 * 1024 * 1024;

/** `generator` of a creator's own uploaded clip. */
const UPLOADED_CLIP = 'upload';

/** A character clip is a few seconds: anything longer is cut (the renderer loops it). */
const CLIP_MAX_SECONDS = 10;

const toCharacter = (
  row: CharacterRow,
  clipUrl: string | null,
  faceBox: TCharacter['faceBox'],
): TCharacter => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  description: row.description,
  imageUrl: row.imageUrl,
  stylePreset: row.stylePreset as TCharacterStylePreset,
  characterId: row.generationId,
  metadata: row.metadata,
  clipUrl,
  faceBox,
  createdAt: row.createdAt.toISOString(),
});

/** Clients send `userId`; the session decides, and a different id is refused. */
const checkUserId = (sessionUserId: string, claimed: string | undefined) => {
  if (claimed !== undefined && claimed !== sessionUserId) {
    throw new AppError('forbidden', 'userId does not match the signed-in user', {
      field: 'userId',
    });
  }
};

export const createCharactersService = ({
  db,
  storage,
  secret,
  generator,
  generatorName,
  fairUse,
  motion = null,
  ffmpeg,
  enqueueFace,
}: {
  db: Database;
  storage: Storage;
  secret: string;
  generator: ImageGenerator;
  /** Recorded with each generation: `local`, or the images API's model. */
  generatorName: string;
  fairUse: FairUse;
  /** ffmpeg for a creator's own clip (checked and normalised like a product video). */
  ffmpeg: FfmpegSettings;
  /**
   * Sends the character-face job (decision 139) for a generation whose picture is new: its
   * still, a creator's clip, or the clip the motion step made.
   */
  enqueueFace: (job: { userId: string; generationId: string }) => Promise<void>;
  /**
   * The motion step, when a video model is configured: `enqueue` sends the job that calls
   * `makeClip` (durable: a clip takes minutes and survives a restart).
   */
  motion?: {
    generator: MotionGenerator;
    ffmpeg: FfmpegSettings;
    enqueue: (job: { userId: string; generationId: string }) => Promise<void>;
  } | null;
}) => {
  /**
   * Characters as the API shows them: with their clip's URL where the motion step made one, and
   * their face box where the character-face job found one.
   */
  const withClips = async (userId: string, rows: CharacterRow[]) => {
    const extras = await generationExtras(
      db,
      userId,
      rows.flatMap((r) => (r.generationId ? [r.generationId] : [])),
    );
    return rows.map((row) => {
      const extra = row.generationId ? extras.get(row.generationId) : undefined;
      return toCharacter(
        row,
        row.generationId && extra?.hasClip ? characterClipUrl(secret, row.generationId) : null,
        extra?.faceBox ?? null,
      );
    });
  };

  return {
    /**
     * Makes one 1024² image and keeps it as this user's generation. It takes one unit of the
     * daily AI allowance (decision 039); a failed generation gives it back.
     */
    generate: async (
      userId: string,
      input: TGenerateCharacterRequest,
    ): Promise<TGenerateCharacterResponse> => {
      checkUserId(userId, input.userId);
      return fairUse.run(userId, async () => {
        const image = await generator.generate({
          prompt: input.prompt,
          style: input.stylePreset,
          size: CHARACTER_IMAGE_SIZE,
        });
        if (image.body.length > MAX_GENERATED_BYTES) {
          throw new AppError('ai_bad_output', 'The image model returned an oversized file');
        }
        // Whatever the generator sent is decoded and re-encoded: a square 1024² JPEG, no metadata.
        let jpeg: Buffer;
        try {
          jpeg = await sharp(image.body, { limitInputPixels: 50_000_000, pages: 1 })
            .resize(CHARACTER_IMAGE_SIZE, CHARACTER_IMAGE_SIZE, { fit: 'cover', position: 'top' })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 90, mozjpeg: true })
            .toBuffer();
        } catch {
          throw new AppError(
            'ai_bad_output',
            'The image model returned something that is not an image',
          );
        }
        const id = randomUUID();
        const storageKey = `users/${userId}/characters/${id}.jpg`;
        await storage.put(storageKey, jpeg, 'image/jpeg');
        const name = nameFor(input.prompt, input.stylePreset);
        await insertGeneration(db, {
          id,
          userId,
          prompt: input.prompt,
          stylePreset: input.stylePreset,
          name,
          storageKey,
          generator: generatorName,
        });
        await enqueueFace({ userId, generationId: id });
        if (motion) await motion.enqueue({ userId, generationId: id });
        return { id, imageUrl: characterImageUrl(secret, id), name, clipPending: motion !== null };
      });
    },

    /**
     * A seller's own creator clip (a video of themselves or a creator they hired) as a
     * character: checked and normalised exactly as a product video is (the videos module's
     * intake: size, video by content, duration), stored as a generation whose clip is the upload
     * and whose picture is its thumbnail, and saved into the library at once, where the editor
     * lists it with the characters.
     */
    uploadClip: async (
      userId: string,
      file: { rawFile: string; name: string; workDir: string },
    ): Promise<TCharacter> => {
      const id = randomUUID();
      const clipKey = `users/${userId}/characters/${id}.mp4`;
      const storageKey = `users/${userId}/characters/${id}.jpg`;
      // Stores the canonical clip at clipKey and its thumbnail at the same key ending in .jpg.
      await intakeVideoFile({
        ffmpegSettings: ffmpeg,
        storage,
        rawFile: file.rawFile,
        workDir: file.workDir,
        name: file.name,
        videoKey: clipKey,
      });
      const name =
        file.name
          .replace(/\.[A-Za-z0-9]{1,5}$/, '')
          .trim()
          .slice(0, CHARACTER_NAME_MAX) || 'My clip';
      await insertGeneration(db, {
        id,
        userId,
        prompt: '',
        stylePreset: 'iphone',
        name,
        storageKey,
        generator: UPLOADED_CLIP,
        clipKey,
      });
      const row = await insertCharacterOnce(db, {
        id: randomUUID(),
        userId,
        name,
        description: 'Your own creator clip',
        imageUrl: characterImageUrl(secret, id),
        stylePreset: 'iphone',
        generationId: id,
        metadata: { source: 'upload' },
      });
      await enqueueFace({ userId, generationId: id });
      return (await withClips(userId, [row]))[0]!;
    },

    /** Runs `work` with a private temporary folder, removed afterwards. */
    withWorkDir: async <T>(work: (dir: string) => Promise<T>): Promise<T> => {
      const dir = await makeWorkDir('video');
      try {
        return await work(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    /**
     * The motion job's work: the generation's still made into a short clip by the video model,
     * stored in the canonical format (decision 035) beside the still. Done once; a generation
     * deleted meanwhile is left alone.
     */
    makeClip: async (userId: string, generationId: string, signal?: AbortSignal) => {
      if (!motion) return;
      const generation = await findGeneration(db, userId, generationId);
      if (!generation || generation.clipKey) return;
      const still = await storage.get(generation.storageKey);
      if (!still) return;
      const clip = await motion.generator.animate({
        image: still.body,
        contentType: still.contentType,
        prompt: MOTION_PROMPT,
        ...(signal ? { signal } : {}),
      });
      const dir = await makeWorkDir('video');
      try {
        const input = path.join(dir, 'model-clip');
        const output = path.join(dir, 'clip.mp4');
        await writeFile(input, clip.body);
        await normalizeVideo({
          input,
          output,
          fit: 'crop',
          maxSeconds: CLIP_MAX_SECONDS,
          settings: motion.ffmpeg,
          ...(signal ? { signal } : {}),
        });
        const clipKey = `users/${userId}/characters/${generationId}.mp4`;
        await storage.put(clipKey, await readFile(output), 'video/mp4');
        await setGenerationClip(db, userId, generationId, clipKey);
        // The model moved the person: where the face is is asked of the clip now.
        await enqueueFace({ userId, generationId });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    /**
     * The character-face job's work (decision 139): where the face is in the generation's
     * clip, or its still when it has none, as the render crops it into the 9:16 frame. None
     * found is recorded as null, and the hook goes where decision 132's fallback puts it.
     */
    findFace: async (userId: string, generationId: string, signal?: AbortSignal) => {
      const generation = await findGeneration(db, userId, generationId);
      if (!generation) return;
      const kind = generation.clipKey ? 'clip' : 'still';
      const object = await storage.get(generation.clipKey ?? generation.storageKey);
      if (!object) return;
      const dir = await makeWorkDir('video');
      try {
        const file = path.join(dir, kind === 'clip' ? 'character.mp4' : 'character.jpg');
        await writeFile(file, object.body);
        const faceBox = await findCharacterFace({
          file,
          kind,
          ffmpeg,
          ...(signal ? { signal } : {}),
        });
        await setGenerationFace(db, userId, generationId, faceBox);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    /**
     * Sends the face job for every generation whose face is not known, a page at a time
     * (decision 139's backfill, run once after start by its own job).
     */
    backfillFaces: async (signal?: AbortSignal) => {
      let after = '';
      let sent = 0;
      for (;;) {
        signal?.throwIfAborted();
        const page = await generationsWithoutFace(db, after, BACKFILL_PAGE);
        for (const job of page) await enqueueFace(job);
        sent += page.length;
        if (page.length < BACKFILL_PAGE) return sent;
        after = page.at(-1)!.generationId;
      }
    },

    /** Where the face of one of the user's saved characters is, or null (campaign renders). */
    faceBoxOf: (userId: string, characterId: string) => characterFaceBox(db, userId, characterId),

    /** Saves one of this user's generations into the library (again: the same character). */
    save: async (userId: string, input: TSaveCharacterRequest): Promise<TCharacter> => {
      const body = ZSaveCharacterRequest.parse(input);
      checkUserId(userId, body.userId);
      const ref = parseCharacterImageUrl(body.imageUrl);
      const notYours = () =>
        new AppError('validation_error', 'Use an image you generated', { field: 'imageUrl' });
      if (!ref || !verifyCharacterCapability(secret, ref.id, ref.capability)) throw notYours();
      const generation = await findGeneration(db, userId, ref.id);
      if (!generation) throw notYours();
      if (body.characterId && body.characterId !== generation.id) {
        throw new AppError('validation_error', 'characterId is not the generation of imageUrl', {
          field: 'characterId',
        });
      }
      const row = await insertCharacterOnce(db, {
        id: randomUUID(),
        userId,
        name: body.name,
        description: body.description,
        imageUrl: characterImageUrl(secret, generation.id),
        stylePreset: body.stylePreset,
        generationId: generation.id,
        metadata: body.metadata ?? {},
      });
      return (await withClips(userId, [row]))[0]!;
    },

    list: async (userId: string) => ({
      characters: await withClips(userId, await listCharacters(db, userId)),
    }),

    /**
     * GET /api/characters/{id}: one of the user's characters by id; a whole number n means the
     * n-th saved (oldest first), so `GET /api/characters/1` is the first (decision 038).
     */
    get: async (userId: string, idOrPosition: string): Promise<TCharacter> => {
      const n = /^[1-9]\d{0,5}$/.test(idOrPosition) ? Number(idOrPosition) : null;
      const row =
        n !== null
          ? await nthCharacter(db, userId, n)
          : await findCharacter(db, userId, idOrPosition);
      if (!row) throw notFound('Character not found');
      return (await withClips(userId, [row]))[0]!;
    },

    remove: async (userId: string, id: string) => {
      if (!(await deleteCharacter(db, userId, id))) throw notFound('Character not found');
    },

    /**
     * A generated image for /media/characters/{id}.jpg?k=…, or its clip at {id}.mp4; null
     * answers 404 (the clip's URL until the motion step has made it).
     */
    readMedia: async (file: string, capability: unknown) => {
      const media = parseCharacterMediaFile(file);
      if (!media || !verifyCharacterCapability(secret, media.id, capability)) return null;
      const row = await findGenerationForMedia(db, media.id);
      const key = media.kind === 'clip' ? row?.clipKey : row?.storageKey;
      const object = key ? await storage.get(key) : null;
      if (!object) return null;
      return {
        body: object.body,
        contentType: object.contentType,
        cacheControl: `private, max-age=${YEAR_SECONDS}, immutable`,
      };
    },
  };
};

export type CharactersService = ReturnType<typeof createCharactersService>;
