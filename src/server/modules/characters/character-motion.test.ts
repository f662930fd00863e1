import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCharacter,
  ZCharacterListResponse,
  ZGenerateCharacterResponse,
} from '#contract/characters';
import { probeVideo } from '../../media/canonical-video';
import { allowLocalOrigins } from '../../net/safe-fetch';
import type { FakeFalQueueServer } from '../../testing/fakes/fake-fal-queue-server';
import { startFakeFalQueueServer } from '../../testing/fakes/fake-fal-queue-server';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { makeTestVideo } from '../../testing/test-videos';

const MODEL = 'fal-ai/kling-video/v2.1/standard/image-to-video';

/**
 * With a video model configured (AI_VIDEO_*), a generated character's still becomes a clip:
 * the motion job sends it to the model's queue (a local fake of fal's queue API), stores what
 * comes back in the canonical format, and the saved character lists it as `clipUrl`.
 */
describe('character motion', () => {
  let fal: FakeFalQueueServer;
  let t: TestApp;
  let ada: Awaited<ReturnType<TestApp['createUser']>>;
  let dir: string;

  beforeAll(async () => {
    fal = await startFakeFalQueueServer({
      clip: await makeTestVideo({ seconds: 1, width: 320, height: 320 }),
      readsPerState: 1,
    });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-motion-'));
    t = await createTestApp(
      { starterCharacters: { dir } },
      {
        env: {
          AI_VIDEO_API_KEY: 'fal-test-key',
          AI_VIDEO_MODEL: MODEL,
          AI_VIDEO_BASE_URL: fal.url,
        },
        build: { outboundAllowLocal: allowLocalOrigins(fal.url) },
      },
    );
    ada = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await fal.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('makes a generated still into a canonical clip the saved character lists', async () => {
    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/characters/generate',
      headers: ada.headers,
      payload: {
        prompt: 'woman in a denim apron in a kitchen holding a lime',
        stylePreset: 'iphone',
      },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const generation = ZGenerateCharacterResponse.parse(generated.json());
    expect(generation.clipPending).toBe(true);

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers: ada.headers,
      payload: {
        name: generation.name,
        imageUrl: generation.imageUrl,
        stylePreset: 'iphone',
        characterId: generation.id,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const character = ZCharacter.parse(saved.json());

    const clipUrl = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/characters',
        headers: ada.headers,
      });
      return ZCharacterListResponse.parse(res.json()).characters[0]?.clipUrl ?? null;
    };
    await expect.poll(clipUrl, { timeout: 30_000, interval: 200 }).not.toBeNull();
    const url = (await clipUrl())!;
    expect(url).toBe(character.imageUrl.replace('.jpg?', '.mp4?'));

    // The model got the still itself, as a data URI, with the motion prompt.
    const submit = fal.requests.find((r) => r.method === 'POST')!;
    expect(submit.path).toBe(`/${MODEL}`);
    expect(String(submit.body?.image_url)).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(String(submit.body?.prompt)).toContain('looks into the phone camera');

    const clip = await t.app.inject({ method: 'GET', url });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    const file = path.join(dir, 'clip.mp4');
    await fs.writeFile(file, clip.rawPayload);
    const probe = await probeVideo(file, { path: null, searchPath: process.env.PATH ?? '' });
    expect(probe.video).toMatchObject({ width: 1080, height: 1920 });

    // Without the capability the clip is not served.
    const bare = await t.app.inject({ method: 'GET', url: url.split('?')[0]! });
    expect(bare.statusCode).toBe(404);
  });
});
