import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AI_ERROR_RESPONSES } from '#contract/ai';
import {
  CHARACTER_MEDIA_PREFIX,
  ZCharacter,
  ZCharacterIdParams,
  ZCharacterListResponse,
  ZGenerateCharacterRequest,
  ZGenerateCharacterResponse,
  ZPremadeCharacterListResponse,
  ZSaveCharacterRequest,
} from '#contract/characters';
import { ZErrorResponse } from '#contract/errors';
import { readFolderFile, serveOwnMedia } from '../../media/own-media';
import { registerMediaFileRoute } from '../../plugins/media-file-route';
import { skipBodyValidation } from '../uploads';
import { receiveMultipartVideo } from '../videos';
import type { CharactersService } from './characters-service';
import {
  PREMADE_CHARACTERS,
  PREMADE_MEDIA_PREFIX,
  listPremadeCharacters,
} from './premade-catalogue';
import { premadeFiles } from './make-premade-characters';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const RETRY_AFTER_SECONDS = 10;
const VIDEO_CHECKS =
  'at most 100 MB (413 payload_too_large), a video by its content whatever its name (415 unsupported_media_type), at most 30 seconds (422 video_too_long); normalised to H.264/AAC 1080x1920 30 fps';

const hasContent = async (file: string) => {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
};
const PREMADE_FILES = new Set(PREMADE_CHARACTERS.flatMap((c) => Object.values(premadeFiles(c.id))));

export const registerCharactersRoutes = async (
  app: FastifyInstance,
  {
    characters,
    authenticate,
    premadeDir,
  }: { characters: CharactersService; authenticate: Authenticate; premadeDir: string },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['characters'];
  const security = [{ bearerAuth: [] }];
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

  // Platform content like the image library: listed to anyone, signed in or not.
  r.get('/api/characters/list', {
    schema: {
      tags,
      summary: 'The 10 pre-made characters: looping clips and portraits at stable /media URLs',
      response: { 200: ZPremadeCharacterListResponse },
    },
    handler: () => ({ files: listPremadeCharacters() }),
  });

  // Generated images: stable URLs with a capability (decision 009's rule for users' images).
  registerMediaFileRoute(app, CHARACTER_MEDIA_PREFIX, characters.readMedia);

  // Pre-made portraits and clips, from the folder the start-up job fills. @fastify/static's
  // sendFile answers Range requests (a <video> seeks and loops with them) and ETags; it is
  // registered in a scope of its own so it neither serves a folder nor clashes with the web app's.
  serveOwnMedia(app, PREMADE_MEDIA_PREFIX, async (file) =>
    PREMADE_FILES.has(file) ? readFolderFile(premadeDir, file) : null,
  );
  app.register(async (scope) => {
    // @fastify/static warns about a root that does not exist yet; the folder is made here
    // so a first start, before the characters are there, logs no warning.
    await mkdir(premadeDir, { recursive: true });
    await scope.register(fastifyStatic, { root: premadeDir, serve: false });
    scope.get<{ Params: { file: string } }>(
      `${PREMADE_MEDIA_PREFIX}:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { file } = request.params;
        if (!PREMADE_FILES.has(file)) {
          return reply.code(404).send({ error: 'No such character file', code: 'not_found' });
        }
        if (!(await hasContent(path.join(premadeDir, file)))) {
          return reply
            .code(404)
            .header('Retry-After', String(RETRY_AFTER_SECONDS))
            .header('Cache-Control', 'no-store')
            .send({ error: 'The pre-made characters are being prepared', code: 'not_found' });
        }
        // Revalidated (ETag): a new painter version replaces the files behind the same URLs.
        return reply.header('Cache-Control', 'no-cache').sendFile(file);
      },
    );
  });

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/characters', {
      schema: {
        tags,
        summary: 'The caller’s character library, newest first',
        security,
        response: { 200: ZCharacterListResponse, 401: ZErrorResponse },
      },
      handler: (request) => characters.list(request.userId),
    });

    r.get('/api/characters/:id', {
      schema: {
        tags,
        summary: 'One of the caller’s characters; a number n is the n-th saved (1 = the first)',
        security,
        params: ZCharacterIdParams,
        response: { 200: ZCharacter, 401: ZErrorResponse, 404: ZErrorResponse },
      },
      handler: (request) => characters.get(request.userId, request.params.id),
    });

    r.post('/api/characters/generate', {
      schema: {
        tags,
        summary: 'Generate a 1024x1024 character image from a description and a style preset',
        description:
          'Counts against the daily AI allowance (402 free, 429 paid past it). The image is kept as the caller’s generation; POST /api/characters saves it into the library. A userId other than the caller’s is refused (403).',
        security,
        body: ZGenerateCharacterRequest,
        response: { 200: ZGenerateCharacterResponse, ...errors, ...AI_ERROR_RESPONSES },
      },
      handler: (request) => characters.generate(request.userId, request.body),
    });

    r.post('/api/characters', {
      schema: {
        tags,
        summary:
          'Save a generated character into the library (the same generation twice: one character)',
        description:
          'imageUrl must be the imageUrl POST /api/characters/generate answered to the caller (400 otherwise).',
        security,
        body: ZSaveCharacterRequest,
        response: { 201: ZCharacter, ...errors },
      },
      handler: async (request, reply) =>
        reply.code(201).send(await characters.save(request.userId, request.body)),
    });

    r.post('/api/characters/upload', {
      validatorCompiler: skipBodyValidation,
      schema: {
        tags,
        summary: 'Upload your own creator clip (multipart field "videos") as a character',
        description: `Checked and stored as product videos are: ${VIDEO_CHECKS}. Saved into the library at once; its clipUrl is the clip, its imageUrl a picture of it.`,
        security,
        consumes: ['multipart/form-data'],
        body: z
          .object({
            videos: z
              .string()
              .meta({ format: 'binary', description: `One video clip. ${VIDEO_CHECKS}` }),
          })
          .nullish(),
        response: {
          201: ZCharacter,
          ...errors,
          413: ZErrorResponse,
          415: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
      handler: async (request, reply) => {
        const character = await characters.withWorkDir(async (workDir) => {
          const file = await receiveMultipartVideo(request, workDir);
          return characters.uploadClip(request.userId, { ...file, workDir });
        });
        return reply.code(201).send(character);
      },
    });

    r.delete('/api/characters/:id', {
      schema: {
        tags,
        summary: 'Delete a character from the library (its image stays for drafts that use it)',
        security,
        params: ZCharacterIdParams,
        response: { 204: z.null(), 401: ZErrorResponse, 404: ZErrorResponse },
      },
      handler: async (request, reply) => {
        await characters.remove(request.userId, request.params.id);
        return reply.code(204).send(null);
      },
    });
  });
};
