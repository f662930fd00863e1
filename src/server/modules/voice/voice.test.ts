import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHookDemoEdit } from '#contract/hook-demo';
import { ZPublicConfig } from '#contract/public-config';
import { ZRenderEdit } from '#contract/render';
import { ZHookVoiceResponse } from '#contract/voice';
import { renderLocally } from '../../adapters/render/local-renderer';
import { createOpenAiSpeechGenerator } from '../../adapters/voice/openai-speech';
import { AppError } from '../../errors';
import { normalizeVideo } from '../../media/canonical-video';
import { probeVideo } from '../../media/canonical-video';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import type { FakeSpeechServer } from '../../testing/fakes/fake-openai-speech-server';
import { startFakeOpenAiSpeechServer } from '../../testing/fakes/fake-openai-speech-server';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

// Decision 140: a voice reads the hook through an OpenAI-compatible /v1/audio/speech (a local
// fake of it here), off unless AI_VOICE_* is set, mixed under the hook part of the render.

const run = promisify(execFile);
const settings = { path: null, searchPath: process.env.PATH ?? '' };
let dir = '';
let speech: Buffer;
let fake: FakeSpeechServer;

/** A tone standing in for speech: 3 s of 880 Hz, as WAV. */
const tone = async (seconds: number) => {
  const file = path.join(dir, `tone-${seconds}.wav`);
  await run(await resolveFfmpeg(settings), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=f=880:sample_rate=24000:d=${seconds}`, file],
  ]);
  return fs.readFile(file);
};

/** The loudness (dB) of a file's sound between two times. */
const meanVolume = async (file: string, from: number, to: number) => {
  const { stderr } = await run(await resolveFfmpeg(settings), [
    ...['-hide_banner', '-ss', String(from), '-t', String(to - from), '-i', file],
    ...['-vn', '-af', 'volumedetect', '-f', 'null', '-'],
  ]);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -91);
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-voice-'));
  speech = await tone(3);
  fake = await startFakeOpenAiSpeechServer({
    kind: 'audio',
    body: speech,
    contentType: 'audio/wav',
  });
});
afterAll(async () => {
  await fake.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the speech adapter', () => {
  const adapter = () =>
    createOpenAiSpeechGenerator({
      baseUrl: fake.url,
      apiKey: 'sk-voice',
      model: 'tts-1',
      voice: 'nova',
      timeoutMs: 5000,
    });

  it('sends OpenAI’s documented request and answers the audio bytes', async () => {
    const audio = await adapter().speak({ text: 'POV: you finally found it' });
    expect(audio).toEqual({ body: speech, contentType: 'audio/wav' });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/v1/audio/speech');
    expect(request.headers.authorization).toBe('Bearer sk-voice');
    expect(request.body).toEqual({
      model: 'tts-1',
      input: 'POV: you finally found it',
      voice: 'nova',
      response_format: 'wav',
    });
  });

  it('says busy with the provider’s wait on 429, and refuses an answer that is not audio', async () => {
    fake.reply({
      kind: 'error',
      status: 429,
      message: 'Rate limit',
      headers: { 'retry-after': '7' },
    });
    const busy = await adapter()
      .speak({ text: 'hi' })
      .catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(AppError);
    expect(busy).toMatchObject({ code: 'ai_busy', retryAfterSeconds: 7 });
    fake.reply({ kind: 'html' });
    await expect(adapter().speak({ text: 'hi' })).rejects.toMatchObject({ code: 'ai_bad_output' });
    fake.reply({ kind: 'error', status: 500, message: 'boom' });
    await expect(adapter().speak({ text: 'hi' })).rejects.toMatchObject({
      code: 'ai_unavailable',
    });
  });
});

// Each test renders 1080x1920 video; with CI's other workers busy one can take over 30 s.
describe('the hook read aloud through the app', { timeout: 120_000 }, () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp(
      {},
      { env: { AI_VOICE_BASE_URL: fake.url, AI_VOICE_MODEL: 'tts-1', AI_VOICE_API_KEY: 'sk-v' } },
    );
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  const publicConfig = async (t: TestApp) =>
    ZPublicConfig.parse((await t.app.inject({ method: 'GET', url: '/api/config' })).json());

  it('is off unless configured: no toggle, no route', async () => {
    expect((await publicConfig(off)).voice).toBe(false);
    const user = await off.createUser();
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/voice/hook',
      headers: user.headers,
      payload: { text: 'hello', seconds: 2 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('reads the hook into a file as long as the hook part, mixed under it in a render', async () => {
    expect((await publicConfig(on)).voice).toBe(true);
    const user = await on.createUser();
    const anonymous = await on.app.inject({
      method: 'POST',
      url: '/api/voice/hook',
      payload: { text: 'hello', seconds: 2 },
    });
    expect(anonymous.statusCode).toBe(401);
    const res = await on.app.inject({
      method: 'POST',
      url: '/api/voice/hook',
      headers: user.headers,
      payload: { text: 'POV: the juicer that fits in a drawer', seconds: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const voice = ZHookVoiceResponse.parse(res.json());
    expect(fake.requests.at(-1)!.body).toMatchObject({
      model: 'tts-1',
      input: 'POV: the juicer that fits in a drawer',
      voice: 'alloy',
    });

    // The stored reading: WAV, cut to the 1 s hook part (the model spoke for 3 s).
    const file = await on.app.inject({ method: 'GET', url: voice.url });
    expect(file.statusCode).toBe(200);
    const wav = path.join(dir, 'voice.wav');
    await fs.writeFile(wav, file.rawPayload);
    const probe = await probeVideo(wav, settings).catch(() => null);
    expect(probe?.durationSec ?? 0).toBeGreaterThan(0.95);
    expect(probe?.durationSec ?? 9).toBeLessThan(1.05);

    // A real render: silent character and product clips, the voice as the soundtrack. It is
    // heard under the hook part and not under the product video.
    const silent = async (name: string, rgb: string) => {
      const raw = path.join(dir, `${name}-raw.mp4`);
      await run(await resolveFfmpeg(settings), [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
        ...['-i', `color=c=${rgb}:s=540x960:r=30:d=2`, '-c:v', 'libx264', '-preset', 'ultrafast'],
        raw,
      ]);
      const out = path.join(dir, `${name}.mp4`);
      await normalizeVideo({ input: raw, output: out, fit: 'crop', maxSeconds: 30, settings });
      return out;
    };
    const edit = ZRenderEdit.parse(
      buildHookDemoEdit({
        hookText: 'POV: the juicer that fits in a drawer',
        characterUrl: '/c.mp4',
        productVideoUrl: '/p.mp4',
        ugcDurationSec: 1,
        productDurationSec: 1,
        voiceUrl: '/voice.wav',
      }),
    );
    expect(edit.timeline.soundtrack).toEqual({ src: '/voice.wav', volume: 1 });
    const workDir = await fs.mkdtemp(path.join(dir, 'render-'));
    const result = await renderLocally({
      edit,
      files: new Map([
        ['/c.mp4', await silent('character', '0x142878')],
        ['/p.mp4', await silent('product', '0x1e7828')],
        ['/voice.wav', wav],
      ]),
      workDir,
      ffmpeg: settings,
    });
    expect(await meanVolume(result.file, 0.1, 0.9)).toBeGreaterThan(-30);
    expect(await meanVolume(result.file, 1.1, 1.9)).toBeLessThan(-60);
  });
});
