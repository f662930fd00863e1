import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/** The path and query of one of our own URLs, as the server's own reads take it. */
const own = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

describe('own media (decision 162)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('reads a signed file by its key with the route’s checks, without asking the route', async () => {
    const body = Buffer.from('a stored picture');
    await t.storage.put('tests/own-media.jpg', body, 'image/jpeg');
    const path = own(await t.storage.signedUrl('tests/own-media.jpg', 600));

    const read = await t.app.ownMedia.read(path);
    expect(read).toEqual({ body, contentType: 'image/jpeg' });
    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(read!.body)).toBe(true);

    // Whatever the route would not answer with 200 is not read: a forged signature (403), an
    // unknown parameter (400, the route's query is strict), a missing file (404).
    const forged = path.replace(/sig=[^&]+/, 'sig=0000');
    expect(await t.app.ownMedia.read(forged)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const extra = `${path}&x=1`;
    expect(await t.app.ownMedia.read(extra)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: extra })).statusCode).toBe(400);
    await t.storage.delete('tests/own-media.jpg');
    expect(await t.app.ownMedia.read(path)).toBeNull();
  });

  it('answers null for a render without its capability and for paths that are not media', async () => {
    const render = '/media/renders/00000000-0000-4000-8000-000000000000.mp4?k=wrong';
    expect(await t.app.ownMedia.read(render)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: render })).statusCode).toBe(404);
    expect(await t.app.ownMedia.read('/api/health')).toBeNull();
    // A `:file` route matches one path segment only.
    expect(await t.app.ownMedia.read('/media/carousel/a/b.jpg')).toBeNull();
  });
});
