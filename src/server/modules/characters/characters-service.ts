import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type {
  TCharacter,
  TCharacterStylePreset,
  TGenerateCharacterRequest,
  TGenerateCharacterResponse,
  TSaveCharacterRequest,
} from '#contract/characters';
import { CHARACTER_IMAGE_SIZE, ZSaveCharacterRequest } from '#contract/characters';
import type { ImageGenerator } from '../../adapters/images/image-generator';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { FairUse } from '../ai';
import {
  characterImageUrl,
  parseCharacterFile,
  parseCharacterImageUrl,
  verifyCharacterCapability,
} from './character-image-urls';
import type { CharacterRow } from './characters-repo';
import {
  deleteCharacter,
  findCharacter,
  findGeneration,
  findGenerationForMedia,
  insertCharacterOnce,
  insertGeneration,
  listCharacters,
  nthCharacter,
} from './characters-repo';
import { nameFor } from './character-names';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Image generators answer with at most this much; anything larger is not a 1024² image. */
const MAX_GENERATED_BYTES = 20 * 1024 * 1024;

const toCharacter = (row: CharacterRow): TCharacter => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  description: row.description,
  imageUrl: row.imageUrl,
  stylePreset: row.stylePreset as TCharacterStylePreset,
  characterId: row.generationId,
  metadata: row.metadata,
  createdAt: row.createdAt.toISOString(),
});

/** The spec's clients send `userId`; the session decides, and a different id is refused. */
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
}: {
  db: Database;
  storage: Storage;
  secret: string;
  generator: ImageGenerator;
  /** Recorded with each generation: `local`, or the images API's model. */
  generatorName: string;
  fairUse: FairUse;
}) => ({
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
      return { id, imageUrl: characterImageUrl(secret, id), name };
    });
  },

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
    return toCharacter(row);
  },

  list: async (userId: string) => ({
    characters: (await listCharacters(db, userId)).map(toCharacter),
  }),

  /**
   * GET /api/characters/{id}: one of the user's characters by id; a whole number n means the
   * n-th saved (oldest first), so the spec's `GET /api/characters/1` is the first (decision 038).
   */
  get: async (userId: string, idOrPosition: string): Promise<TCharacter> => {
    const n = /^[1-9]\d{0,5}$/.test(idOrPosition) ? Number(idOrPosition) : null;
    const row =
      n !== null
        ? await nthCharacter(db, userId, n)
        : await findCharacter(db, userId, idOrPosition);
    if (!row) throw notFound('Character not found');
    return toCharacter(row);
  },

  remove: async (userId: string, id: string) => {
    if (!(await deleteCharacter(db, userId, id))) throw notFound('Character not found');
  },

  /** A generated image for /media/characters/{id}.jpg?k=…; null answers 404. */
  readMedia: async (file: string, capability: unknown) => {
    const id = parseCharacterFile(file);
    if (!id || !verifyCharacterCapability(secret, id, capability)) return null;
    const row = await findGenerationForMedia(db, id);
    const object = row ? await storage.get(row.storageKey) : null;
    if (!object) return null;
    return {
      body: object.body,
      contentType: object.contentType,
      cacheControl: `private, max-age=${YEAR_SECONDS}, immutable`,
    };
  },
});

export type CharactersService = ReturnType<typeof createCharactersService>;
