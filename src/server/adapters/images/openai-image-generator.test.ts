import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { solidPng } from '../../testing/multipart';
import type { FakeOpenAiImagesServer } from '../../testing/fakes/fake-openai-images-server';
import { startFakeOpenAiImagesServer } from '../../testing/fakes/fake-openai-images-server';
import { createOpenAiImageGenerator } from './openai-image-generator';

describe('OpenAI-compatible image generator', () => {
  let fake: FakeOpenAiImagesServer;
  let png: Buffer;
  beforeAll(async () => {
    png = await solidPng(1024, 1024, '#3366aa');
    fake = await startFakeOpenAiImagesServer({ kind: 'image', body: png });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const generator = (timeoutMs = 5000) =>
    createOpenAiImageGenerator({ baseUrl: fake.url, apiKey: 'sk-test', model: 'img-1', timeoutMs });

  it('asks for one square image of the description in the preset’s style, with the key', async () => {
    const image = await generator().generate({
      prompt: 'A barista with a green apron',
      style: 'tokyo',
      size: 1024,
    });
    expect((await sharp(image.body).metadata()).width).toBe(1024);
    expect(fake.requests).toHaveLength(1);
    const { body, headers } = fake.requests[0]!;
    expect(headers.authorization).toBe('Bearer sk-test');
    expect(body).toMatchObject({ model: 'img-1', n: 1, size: '1024x1024' });
    expect(body.prompt).toContain('A barista with a green apron');
    expect(body.prompt).toContain('Tokyo at night');
    expect(body.prompt).toContain('photorealistic photograph of one real person');
  });

  it('tries a 5xx once more, then succeeds', async () => {
    fake.enqueue({ kind: 'error', status: 503, message: 'overloaded' });
    await generator().generate({ prompt: 'x', style: 'iphone', size: 1024 });
    expect(fake.requests).toHaveLength(2);
  });

  it('passes a 429 on at once as ai_busy with the provider’s Retry-After', async () => {
    fake.enqueue({
      kind: 'error',
      status: 429,
      message: 'slow down',
      headers: { 'retry-after': '7' },
    });
    const error = await generator()
      .generate({ prompt: 'x', style: 'iphone', size: 1024 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ai_busy', retryAfterSeconds: 7 });
    expect(fake.requests).toHaveLength(1);
  });

  it('answers ai_unavailable after two failures and ai_bad_output for an answer without an image', async () => {
    fake.enqueue(
      { kind: 'error', status: 500, message: 'boom' },
      { kind: 'error', status: 500, message: 'boom' },
    );
    await expect(
      generator().generate({ prompt: 'x', style: 'iphone', size: 1024 }),
    ).rejects.toMatchObject({
      code: 'ai_unavailable',
    });
    fake.enqueue({ kind: 'empty' });
    await expect(
      generator().generate({ prompt: 'x', style: 'iphone', size: 1024 }),
    ).rejects.toMatchObject({
      code: 'ai_bad_output',
    });
  });
});
