import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowLocalOrigins } from '../../net/safe-fetch';
import type { FakeFalQueueServer } from '../../testing/fakes/fake-fal-queue-server';
import { startFakeFalQueueServer } from '../../testing/fakes/fake-fal-queue-server';
import { createFalMotion } from './fal-motion';
import { MOTION_PROMPT } from './motion-generator';

const MODEL = 'fal-ai/kling-video/v2.1/standard/image-to-video';

describe('fal queue motion adapter', () => {
  let fake: FakeFalQueueServer;
  const clip = Buffer.from('not really an mp4, but the bytes the model made');
  const still = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

  beforeAll(async () => {
    fake = await startFakeFalQueueServer({ clip });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const motion = ({ timeoutMs = 5000, local = true } = {}) =>
    createFalMotion({
      baseUrl: fake.url,
      apiKey: 'fal-test-key',
      model: MODEL,
      timeoutMs,
      pollMs: 5,
      ...(local ? { allowLocal: allowLocalOrigins(fake.url) } : {}),
    });

  it('queues the still with the prompt, waits through the queue and fetches the clip', async () => {
    const out = await motion().animate({
      image: still,
      contentType: 'image/jpeg',
      prompt: MOTION_PROMPT,
    });
    expect(out).toEqual({ body: clip, contentType: 'video/mp4' });
    const [submit, ...rest] = fake.requests;
    expect(submit).toMatchObject({ method: 'POST', path: `/${MODEL}` });
    expect(submit!.headers.authorization).toBe('Key fal-test-key');
    expect(submit!.body).toEqual({
      prompt: MOTION_PROMPT,
      image_url: `data:image/jpeg;base64,${still.toString('base64')}`,
    });
    // Status and result live under owner/app, without the model's sub-path.
    const statusReads = rest.filter((r) => r.path.endsWith('/status'));
    expect(statusReads.length).toBe(5);
    expect(statusReads[0]!.path).toMatch(/^\/fal-ai\/kling-video\/requests\/[\w-]+\/status$/);
    expect(rest.at(-1)!.path).toMatch(/^\/files\//);
  });

  it('answers ai_busy for a 429 with its Retry-After, ai_unavailable for a refused key', async () => {
    fake.next({ kind: 'submit-error', status: 429, headers: { 'retry-after': '9' } });
    await expect(
      motion().animate({ image: still, contentType: 'image/jpeg', prompt: 'x' }),
    ).rejects.toMatchObject({ code: 'ai_busy', retryAfterSeconds: 9 });
    const refused = createFalMotion({
      baseUrl: fake.url,
      apiKey: 'wrong',
      model: MODEL,
      timeoutMs: 5000,
      pollMs: 5,
    });
    await expect(
      refused.animate({ image: still, contentType: 'image/jpeg', prompt: 'x' }),
    ).rejects.toMatchObject({ code: 'ai_unavailable' });
  });

  it('answers ai_bad_output for a failed request and for an output without a clip', async () => {
    fake.next({ kind: 'failed' }, { kind: 'no-video' });
    for (let i = 0; i < 2; i++) {
      await expect(
        motion().animate({ image: still, contentType: 'image/jpeg', prompt: 'x' }),
      ).rejects.toMatchObject({ code: 'ai_bad_output' });
    }
  });

  it('gives up at its deadline with ai_timeout and cancels the queued request', async () => {
    fake.next({ kind: 'stuck' });
    const before = fake.cancelled();
    await expect(
      motion({ timeoutMs: 300 }).animate({ image: still, contentType: 'image/jpeg', prompt: 'x' }),
    ).rejects.toMatchObject({ code: 'ai_timeout' });
    await expect.poll(() => fake.cancelled()).toBe(before + 1);
  });

  it('fetches the finished clip only from a public address', async () => {
    await expect(
      motion({ local: false }).animate({ image: still, contentType: 'image/jpeg', prompt: 'x' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });
});
