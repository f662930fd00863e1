import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCharacter, ZCharacterListResponse } from '#contract/characters';
import { ZErrorResponse } from '#contract/errors';
import { probeVideo } from '../../media/canonical-video';
import { multipart } from '../../testing/multipart';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { makeTestVideo } from '../../testing/test-videos';

/** A seller's own creator clip in the UGC slot: uploaded and checked like a product video. */
// Each test renders 1080x1920 video; with CI's other workers busy one can take over 30 s.
describe('POST /api/characters/upload', { timeout: 120_000 }, () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<TestApp['createUser']>>;
  let bob: Awaited<ReturnType<TestApp['createUser']>>;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-clip-upload-'));
    t = await createTestApp({ starterCharacters: { dir } });
    ada = await t.createUser();
    bob = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const upload = (headers: Record<string, string>, filename: string, data: Buffer) => {
    const body = multipart([{ field: 'videos', filename, type: 'video/mp4', data }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/characters/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('keeps the clip as a character of the library, normalised, listed with a picture', async () => {
    const res = await upload(ada.headers, 'me-talking.mp4', await makeTestVideo({ seconds: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    const character = ZCharacter.parse(res.json());
    expect(character).toMatchObject({ name: 'me-talking', description: 'Your own creator clip' });
    expect(character.clipUrl).toMatch(/^\/media\/characters\/[\w-]+\.mp4\?k=/);

    const list = ZCharacterListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/characters', headers: ada.headers })).json(),
    );
    expect(list.characters.map((c) => c.id)).toContain(character.id);
    const others = ZCharacterListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/characters', headers: bob.headers })).json(),
    );
    expect(others.characters).toEqual([]);

    const clip = await t.app.inject({ method: 'GET', url: character.clipUrl! });
    expect(clip.statusCode).toBe(200);
    const file = path.join(dir, 'clip.mp4');
    await fs.writeFile(file, clip.rawPayload);
    const probe = await probeVideo(file, { path: null, searchPath: process.env.PATH ?? '' });
    expect(probe.video).toMatchObject({ width: 1080, height: 1920 });
    const picture = await t.app.inject({ method: 'GET', url: character.imageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses what is not a video, and an anonymous caller, in words', async () => {
    const text = await upload(ada.headers, 'notes.mp4', Buffer.from('just some text, no video'));
    expect(text.statusCode).toBe(415);
    expect(ZErrorResponse.parse(text.json())).toMatchObject({
      code: 'unsupported_media_type',
      error: 'File notes.mp4 is not a valid video.',
    });
    const anonymous = await upload({}, 'me.mp4', await makeTestVideo({ seconds: 1 }));
    expect(anonymous.statusCode).toBe(401);
  });
});
