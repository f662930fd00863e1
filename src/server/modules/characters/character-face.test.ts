import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCharacter } from '#contract/characters';
import {
  ZCharacter,
  ZCharacterListResponse,
  ZGenerateCharacterResponse,
} from '#contract/characters';
import type { FaceBox } from '#contract/hook-demo';
import { TIKTOK_SAFE_ZONE, buildHookDemoEdit, faceBoxFor } from '#contract/hook-demo';
import { ZRenderEdit } from '#contract/render';
import { renderLocally } from '../../adapters/render/local-renderer';
import { createLocalImageGenerator } from '../../adapters/images/local-image-generator';
import { characterGenerations } from '../../db/schema';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { measureHookText } from '../../media/hook-text';
import { placementFor } from '../../media/characters/portrait/paint-portrait';
import { multipart } from '../../testing/multipart';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import type { Frame } from '../../testing/video-frames';
import { frameAt, makeColourClip } from '../../testing/video-frames';
import { sendFaceBackfill } from './character-face-jobs';

// Issue 24, decision 139: a generated or uploaded character's face is found by a job, listed
// with the character, and a render's hook is kept clear of it.

const run = promisify(execFile);
const settings = { path: null, searchPath: process.env.PATH ?? '' };

// Each test renders 1080x1920 video; with CI's other workers busy one can take over 30 s.
describe('the face of a generated or uploaded character', { timeout: 120_000 }, () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<TestApp['createUser']>>;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-character-face-'));
    t = await createTestApp({ starterCharacters: { dir } });
    ada = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const library = async () =>
    ZCharacterListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/characters', headers: ada.headers })).json(),
    ).characters;

  const faceOf = async (id: string) => {
    await expect
      .poll(async () => (await library()).find((c) => c.id === id)?.faceBox ?? null, {
        timeout: 60_000,
        interval: 250,
      })
      .not.toBeNull();
    return (await library()).find((c) => c.id === id)!.faceBox!;
  };

  const upload = async (filename: string, file: string) => {
    const body = multipart([
      { field: 'videos', filename, type: 'video/mp4', data: await fs.readFile(file) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/characters/upload',
      headers: { ...ada.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZCharacter.parse(res.json());
  };

  /** A creator's clip: the painter's photo-like portrait, swaying a little, 3 s, landscape-ish. */
  const creatorClip = async () => {
    const still = path.join(dir, 'creator.jpg');
    const image = await createLocalImageGenerator().generate({
      prompt: 'a woman in her 30s with glasses in a café holding a coffee cup',
      style: 'iphone',
      size: 1024,
    });
    await fs.writeFile(still, image.body);
    const out = path.join(dir, 'creator.mp4');
    await run(await resolveFfmpeg(settings), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-t', '3', '-i', still],
      '-vf',
      "scale=576:1024,crop=540:960:(iw-540)/2+10*sin(t*2):'min(32,t*10)',format=yuv420p",
      ...['-r', '30', '-c:v', 'libx264', '-preset', 'ultrafast', out],
    ]);
    return out;
  };

  /**
   * The hook's drawn box in a real render of this character: the pixels that differ from the
   * same render without the hook, and are the text's white fill or black outline.
   */
  const hookBoxInRender = async (character: TCharacter, characterUrl: string) => {
    const media = await t.app.inject({ method: 'GET', url: characterUrl });
    expect(media.statusCode).toBe(200);
    const ext = characterUrl.split('?')[0]!.endsWith('.mp4') ? 'mp4' : 'jpg';
    const characterFile = path.join(dir, `${character.id}.${ext}`);
    await fs.writeFile(characterFile, media.rawPayload);
    const product = await makeColourClip({
      dir,
      name: `product-${character.id}`,
      rgb: [30, 120, 40],
      seconds: 1,
      width: 1080,
      height: 1920,
    });
    const edit = ZRenderEdit.parse(
      buildHookDemoEdit({
        hookText: 'POV: the juicer that fits in a tiny kitchen drawer',
        characterUrl: `/character.${ext}`,
        productVideoUrl: '/product.mp4',
        faceBox: faceBoxFor(character),
        measure: measureHookText,
        ugcDurationSec: 1,
        productDurationSec: 1,
      }),
    );
    const files = new Map([
      [`/character.${ext}`, characterFile],
      ['/product.mp4', product],
    ]);
    const renderFrame = async (name: string, e: typeof edit) => {
      const workDir = await fs.mkdtemp(path.join(dir, `${name}-`));
      const result = await renderLocally({ edit: e, files, workDir, ffmpeg: settings });
      await fs.copyFile(result.file, path.join(dir, `${name}.mp4`));
      return frameAt(result.file, 0.5);
    };
    const withHook = await renderFrame(`hook-${character.id}`, edit);
    const bare = await renderFrame(`bare-${character.id}`, {
      ...edit,
      timeline: { ...edit.timeline, tracks: edit.timeline.tracks.slice(1) },
    });
    await keepShot(withHook, `render-${ext === 'mp4' ? 'uploaded' : 'generated'}.png`);
    return textBox(withHook, bare);
  };

  it('finds the face of a generated still, lists it, and keeps a render’s hook off it', async () => {
    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/characters/generate',
      headers: ada.headers,
      payload: { prompt: 'a man in his 50s in a kitchen holding a lime', stylePreset: 'iphone' },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const generation = ZGenerateCharacterResponse.parse(generated.json());
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

    const face = await faceOf(character.id);
    // The painted head's centre, cover-fitted from the 1024² still into 9:16.
    const { cx, cy } = placementFor(1024, 1024, 'iphone');
    const x = (cx * (1920 / 1024) - 420) / 1080;
    expect(face.left).toBeLessThan(x);
    expect(face.right).toBeGreaterThan(x);
    expect(face.top).toBeLessThan(cy / 1024);
    expect(face.bottom).toBeGreaterThan(cy / 1024);
    expect(face.bottom - face.top).toBeGreaterThan(0.25);

    const listed = (await library()).find((c) => c.id === character.id)!;
    expectClear(await hookBoxInRender(listed, listed.imageUrl), face);
  });

  it('finds the face in a creator’s uploaded clip and keeps a render’s hook off it', async () => {
    const character = await upload('me-talking.mp4', await creatorClip());
    const face = await faceOf(character.id);
    // The painted face's centre is at 45 % of the frame's height in this clip.
    expect(face.top).toBeLessThan(0.4);
    expect(face.bottom).toBeGreaterThan(0.55);
    expect(face.left).toBeLessThan(0.3);
    expect(face.right).toBeGreaterThan(0.7);

    const listed = (await library()).find((c) => c.id === character.id)!;
    expectClear(await hookBoxInRender(listed, listed.clipUrl!), face);
  });

  it('finds the faces of generations made before the face job, once the backfill runs', async () => {
    // A generation as one made before migration 0024: its still stored, its face box null.
    const image = await createLocalImageGenerator().generate({
      prompt: 'a woman in her 20s with curly hair in a gym',
      style: 'iphone',
      size: 1024,
    });
    const id = randomUUID();
    const storageKey = `users/${ada.userId}/characters/${id}.jpg`;
    await t.storage.put(storageKey, image.body, 'image/jpeg');
    await t.db.db.insert(characterGenerations).values({
      id,
      userId: ada.userId,
      prompt: 'a woman in her 20s with curly hair in a gym',
      stylePreset: 'iphone',
      name: 'Old one',
      storageKey,
      generator: 'local',
    });
    const faceBoxOfRow = async () =>
      (
        await t.db.db
          .select({ faceBox: characterGenerations.faceBox })
          .from(characterGenerations)
          .where(eq(characterGenerations.id, id))
      )[0]!.faceBox;
    expect(await faceBoxOfRow()).toBeNull();

    // What the module's afterStart sends once the queue runs.
    await sendFaceBackfill(t.jobs);
    await expect.poll(faceBoxOfRow, { timeout: 60_000, interval: 250 }).not.toBeNull();
    const face = (await faceBoxOfRow())!;
    expect(face.bottom - face.top).toBeGreaterThan(0.2);
  });

  it('keeps the fallback for a clip without a face', async () => {
    const noFace = await makeColourClip({
      dir,
      name: 'no-face',
      rgb: [20, 40, 120],
      seconds: 2,
      width: 720,
      height: 1280,
    });
    const character = await upload('hands-only.mp4', noFace);
    await t.jobs.drain(60_000);
    const listed = (await library()).find((c) => c.id === character.id)!;
    expect(listed.faceBox).toBeNull();
  });
});

const expectClear = (
  box: { top: number; bottom: number; left: number; right: number },
  face: FaceBox,
) => {
  expect(box.bottom).toBeGreaterThan(box.top);
  // Clear of the face (above or below it), inside TikTok's safe zone.
  const clear = box.bottom < face.top * 1920 || box.top > face.bottom * 1920;
  expect(
    clear,
    JSON.stringify({ box, face: { top: face.top * 1920, bottom: face.bottom * 1920 } }),
  ).toBe(true);
  expect(box.top).toBeGreaterThanOrEqual(TIKTOK_SAFE_ZONE.top);
  expect(box.bottom).toBeLessThanOrEqual(TIKTOK_SAFE_ZONE.bottom);
  expect(box.left).toBeGreaterThanOrEqual(TIKTOK_SAFE_ZONE.left);
  expect(box.right).toBeLessThanOrEqual(TIKTOK_SAFE_ZONE.right);
};

/**
 * The box of pixels where the render with the hook differs strongly from the one without and is
 * the text's white or black; a row or column counts with at least 4 of them (encoder noise).
 */
const textBox = (withHook: Frame, bare: Frame) => {
  const rows = new Array<number>(withHook.height).fill(0);
  const cols = new Array<number>(withHook.width).fill(0);
  for (let y = 0; y < withHook.height; y++) {
    for (let x = 0; x < withHook.width; x++) {
      const [r, g, b] = withHook.at(x, y);
      const [r0, g0, b0] = bare.at(x, y);
      const inked = (r > 200 && g > 200 && b > 200) || (r < 50 && g < 50 && b < 50);
      if (inked && Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0) > 150) {
        rows[y]!++;
        cols[x]!++;
      }
    }
  }
  const first = (a: number[]) => a.findIndex((n) => n >= 4);
  const last = (a: number[]) => a.length - 1 - [...a].reverse().findIndex((n) => n >= 4);
  return { top: first(rows), bottom: last(rows), left: first(cols), right: last(cols) };
};

/** Frames looked at by eye: kept under SHOTS_DIR when it is set. */
const keepShot = async (frame: Frame, name: string) => {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  await fs.mkdir(shots, { recursive: true });
  const raw = path.join(shots, `${name}.rgb`);
  await fs.writeFile(raw, frame.data);
  await run(await resolveFfmpeg(settings), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
    ...['-s', `${frame.width}x${frame.height}`, '-i', raw, path.join(shots, name)],
  ]);
  await fs.rm(raw);
};
