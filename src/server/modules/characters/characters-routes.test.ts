import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PREMADE_CHARACTER_COUNT,
  ZCharacter,
  ZGenerateCharacterResponse,
  ZPremadeCharacterListResponse,
} from '#contract/characters';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { CANONICAL_PICTURE_TOOLS } from '../../media/canonical-video';
import { readStreamHeaders } from '../../media/stream-headers';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { makePremadeCharacters } from './make-premade-characters';
import { PREMADE_CHARACTERS } from './premade-catalogue';

const run = promisify(execFile);

describe('characters routes', () => {
  let t: TestApp;
  let premadeDir: string;
  let ada: Awaited<ReturnType<TestApp['createUser']>>;
  let bob: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    premadeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-characters-'));
    t = await createTestApp({
      starterCharacters: { dir: premadeDir },
      aiDailyAllowance: { free: 4, paid: 100 },
    });
    ada = await t.createUser();
    bob = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(premadeDir, { recursive: true, force: true });
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  const generate = async (
    who: { headers: Record<string, string> },
    prompt: string,
    stylePreset = 'iphone',
  ) => {
    const res = await call('POST', '/api/characters/generate', who.headers, {
      prompt,
      stylePreset,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZGenerateCharacterResponse.parse(res.json());
  };

  it('GET /api/characters/list answers the 10 pre-made characters, without a session too', async () => {
    const res = await call('GET', '/api/characters/list');
    expect(res.statusCode).toBe(200);
    const { files } = ZPremadeCharacterListResponse.parse(res.json());
    expect(files).toHaveLength(PREMADE_CHARACTER_COUNT);
    expect(files[0]).toMatchObject({ id: 'maya', name: 'Maya', kind: 'video' });
  });

  it('serves a pre-made clip in the canonical format, with Range, once it is made', async () => {
    const before = await call('GET', '/media/characters/premade/maya.mp4');
    expect(before.statusCode).toBe(404);
    expect(before.headers['retry-after']).toBe('10');

    const ffmpegPath = await resolveFfmpeg({ path: null, searchPath: process.env.PATH ?? '' });
    const made = await makePremadeCharacters({
      outDir: premadeDir,
      ffmpegPath,
      characters: [PREMADE_CHARACTERS[0]!],
      clip: { width: 1080, height: 1920, seconds: 1 },
    });
    expect(made.made).toBe(1);

    const whole = await call('GET', '/media/characters/premade/maya.mp4');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const part = await call('GET', '/media/characters/premade/maya.mp4', { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);

    const probe = await run(ffmpegPath, [
      '-hide_banner',
      '-i',
      path.join(premadeDir, 'maya.mp4'),
    ]).catch((e: { stderr: string }) => e);
    expect(probe.stderr).toMatch(/Video: h264 \(High\).*yuv420p.*1080x1920.*30 fps/);
    expect(probe.stderr).toMatch(/Audio: aac.*48000 Hz, stereo/);
    // Every render decodes the clip under its hook: the canonical picture tools and no B-frames
    // decode about a fifth faster (decision 253).
    expect((await readStreamHeaders(path.join(premadeDir, 'maya.mp4')))?.picture).toEqual(
      CANONICAL_PICTURE_TOOLS,
    );
    const frames = await run(ffmpegPath, [
      ...['-hide_banner', '-i', path.join(premadeDir, 'maya.mp4')],
      ...['-vf', 'showinfo', '-f', 'null', '-'],
    ]);
    expect(frames.stderr).toMatch(/ type:P /);
    expect(frames.stderr).not.toMatch(/ type:B /);
    // +faststart: the index (moov) comes before the media data (mdat).
    const bytes = whole.rawPayload;
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const portrait = await call('GET', '/media/characters/premade/maya.jpg');
    expect(portrait.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(portrait.rawPayload).metadata()).toMatchObject({ width: 540, height: 960 });

    expect((await call('GET', '/media/characters/premade/nobody.mp4')).statusCode).toBe(404);
    expect((await call('GET', '/media/characters/premade/characters.json')).statusCode).toBe(404);
  });

  it('needs a session for the library and generation', async () => {
    expect((await call('GET', '/api/characters')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/characters/generate', {}, { prompt: 'x', stylePreset: 'iphone' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses an empty description and an unknown preset, and a userId that is not the caller', async () => {
    const empty = await call('POST', '/api/characters/generate', ada.headers, {
      prompt: '   ',
      stylePreset: 'iphone',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation_error',
      error: expect.stringMatching(/please enter a character description/i),
    });
    const preset = await call('POST', '/api/characters/generate', ada.headers, {
      prompt: 'A runner',
      stylePreset: 'anime',
    });
    expect(preset.statusCode).toBe(400);
    const other = await call('POST', '/api/characters/generate', ada.headers, {
      prompt: 'A runner',
      stylePreset: 'iphone',
      userId: bob.userId,
    });
    expect(other.statusCode).toBe(403);
  });

  it('generates a 1024x1024 portrait at a stable URL, the same for the same prompt and style', async () => {
    const prompt = 'A cheerful woman with curly red hair, freckles and a green sweater';
    const first = await generate(ada, prompt, 'casual');
    expect(first.imageUrl).toMatch(/^\/media\/characters\/[0-9a-f-]+\.jpg\?k=[\w-]{22}$/);
    expect(first.name).toMatch(/^[A-Z][a-z]+$/);
    const image = await call('GET', first.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 1024, height: 1024, format: 'jpeg' });
    // A real picture, not a flat box: plenty of variation across the image.
    const stats = await sharp(image.rawPayload).stats();
    expect(stats.channels.every((c) => c.stdev > 20)).toBe(true);

    const again = await generate(ada, prompt, 'casual');
    expect(again.id).not.toBe(first.id);
    const againImage = await call('GET', again.imageUrl);
    expect(againImage.rawPayload.equals(image.rawPayload)).toBe(true);
    const otherStyle = await generate(ada, prompt, 'tokyo');
    const otherImage = await call('GET', otherStyle.imageUrl);
    expect(otherImage.rawPayload.equals(image.rawPayload)).toBe(false);

    // Without the capability, or with another's, the image does not exist.
    const bare = first.imageUrl.split('?')[0]!;
    expect((await call('GET', bare)).statusCode).toBe(404);
    expect((await call('GET', `${bare}?k=${'A'.repeat(22)}`)).statusCode).toBe(404);
  });

  it('saves only the caller’s own generations, once each, and lists, finds and deletes them', async () => {
    const gen = await generate(
      ada,
      'Young man with glasses and a beard in a black hoodie',
      'iphone',
    );
    const body = {
      userId: ada.userId,
      name: gen.name,
      description: 'Young man with glasses and a beard in a black hoodie',
      imageUrl: gen.imageUrl,
      stylePreset: 'iphone',
      characterId: gen.id,
      metadata: { source: 'test' },
    };

    for (const imageUrl of [
      'https://example.com/face.jpg',
      '/media/characters/premade/maya.jpg',
      gen.imageUrl.replace(/k=[\w-]+/, `k=${'B'.repeat(22)}`),
    ]) {
      const res = await call('POST', '/api/characters', ada.headers, { ...body, imageUrl });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', field: 'imageUrl' });
    }
    // Bob holds Ada's URL (say she shared a draft) but it is not his generation.
    const stolen = await call('POST', '/api/characters', bob.headers, {
      ...body,
      userId: undefined,
    });
    expect(stolen.statusCode).toBe(400);

    const saved = await call('POST', '/api/characters', ada.headers, body);
    expect(saved.statusCode, saved.body).toBe(201);
    const character = ZCharacter.parse(saved.json());
    expect(character).toMatchObject({
      userId: ada.userId,
      name: gen.name,
      imageUrl: gen.imageUrl,
      stylePreset: 'iphone',
      characterId: gen.id,
      metadata: { source: 'test' },
    });
    const twice = await call('POST', '/api/characters', ada.headers, body);
    expect(twice.json()).toMatchObject({ id: character.id });

    const list = await call('GET', '/api/characters', ada.headers);
    expect(list.json().characters.map((c: { id: string }) => c.id)).toEqual([character.id]);
    expect((await call('GET', '/api/characters', bob.headers)).json()).toEqual({ characters: [] });

    expect((await call('GET', '/api/characters/1', ada.headers)).json()).toMatchObject({
      id: character.id,
    });
    expect((await call('GET', `/api/characters/${character.id}`, ada.headers)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/characters/2', ada.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/characters/${character.id}`, bob.headers)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/characters/${character.id}`, bob.headers)).statusCode).toBe(
      404,
    );

    const deleted = await call('DELETE', `/api/characters/${character.id}`, ada.headers);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/characters', ada.headers)).json()).toEqual({ characters: [] });
    // Drafts may still show it: the image outlives the library entry.
    expect((await call('GET', gen.imageUrl)).statusCode).toBe(200);
  });

  it('counts each generation against the daily AI allowance: 402 on the free plan past it', async () => {
    const carol = await t.createUser();
    for (let i = 0; i < 4; i++) await generate(carol, `Person number ${i}`);
    const past = await call('POST', '/api/characters/generate', carol.headers, {
      prompt: 'One more',
      stylePreset: 'iphone',
    });
    expect(past.statusCode).toBe(402);
    expect(past.json()).toMatchObject({ code: 'ai_allowance_upgrade' });
  });
});
