import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { multipart, solidPng } from '../../testing/multipart';
import { createTestApp } from '../../testing/test-app';

const png = () => solidPng();

describe('user profile and uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ uploadMaxBytes: 200 * 1024 });
  });
  afterAll(() => t.close());

  it('requires a session for every account route', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/user'],
      ['PATCH', '/api/user/profile'],
      ['POST', '/api/upload-images'],
      ['GET', '/api/entitlements'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Sign in to continue', code: 'unauthorized' });
    }
  });

  it('uses the display-name rule', async () => {
    const single = await t.createUser(undefined, 'Cher');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: single.headers,
    });
    expect(me.json()).toMatchObject({ firstName: 'Cher', lastName: null, displayName: 'Cher' });
  });

  it('saves a valid time zone and refuses an unknown one with the field named', async () => {
    const u = await t.createUser();
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: u.headers,
      payload: { timezone: 'Europe/Paris' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().timezone).toBe('Europe/Paris');

    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: u.headers,
      payload: { timezone: 'Mars/Olympus_Mons' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', field: 'timezone' });

    for (const payload of [
      {},
      { timezone: 42 },
      { timezone: 'UTC', plan: 'pro' },
      { nickname: 'x' },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: u.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload: '{"timezone":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('bad_request');
  });

  it('uploads an image, serves it through a signed URL, and saves it as the avatar', async () => {
    const u = await t.createUser();
    const body = multipart([
      { field: 'images', filename: 'me.png', type: 'image/png', data: await png() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: { ...u.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const [url] = res.json().urls as string[];
    // Re-encoded like every other upload: a PNG comes back as a JPEG.
    expect(url).toMatch(
      /^http:\/\/localhost:3999\/files\/users\/.+\/uploads\/.+\.jpg\?expires=\d+&sig=/,
    );

    const file = await t.app.inject({
      method: 'GET',
      url: new URL(url!).pathname + new URL(url!).search,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');

    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: u.headers,
      payload: { profileImageUrl: url },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profileImageUrl).toMatch(/\/files\/users\/.+\.jpg\?expires=/);
  });

  it('strips EXIF, GPS included, from an avatar photo', async () => {
    const u = await t.createUser();
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#8a5a44' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 29/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 40/1',
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const body = multipart([
      { field: 'images', filename: 'me.jpg', type: 'image/jpeg', data: photo },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: { ...u.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL((res.json().urls as string[])[0]!);
    const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.width).toBe(320);
    expect(stored.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('refuses a file that is not an image by its content, whatever its name says', async () => {
    const u = await t.createUser();
    const body = multipart([
      {
        field: 'images',
        filename: 'cat.png',
        type: 'image/png',
        data: Buffer.from('<script>alert(1)</script>'),
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: { ...u.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('refuses an oversized image with 413 and an empty or non-multipart request with a clear error', async () => {
    const u = await t.createUser();
    const big = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: '#123456' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const body = multipart([
      { field: 'images', filename: 'big.png', type: 'image/png', data: big },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: { ...u.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    // The user hears which file and what the limit is, not just "too large".
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      error: 'big.png is larger than 200 KB',
    });

    const none = multipart([]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: { ...u.headers, ...none.headers },
      payload: none.payload,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_error', field: 'images' });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: u.headers,
      payload: { images: [] },
    });
    expect(json.statusCode).toBe(415);
  });

  it("never lets a second user read or change the first user's profile or use their uploads", async () => {
    const first = await t.createUser(undefined, 'First Owner');
    const second = await t.createUser(undefined, 'Second Person');
    const body = multipart([
      { field: 'images', filename: 'a.png', type: 'image/png', data: await png() },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: { ...first.headers, ...body.headers },
      payload: body.payload,
    });
    const [firstUpload] = up.json().urls as string[];

    const stolen = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: second.headers,
      payload: { profileImageUrl: firstUpload },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().field).toBe('profileImageUrl');

    await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: second.headers,
      payload: { timezone: 'Asia/Tokyo' },
    });
    const firstMe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: first.headers,
    });
    expect(firstMe.json()).toMatchObject({
      id: first.userId,
      fullName: 'First Owner',
      timezone: null,
      profileImageUrl: null,
    });
    const secondMe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: second.headers,
    });
    expect(secondMe.json()).toMatchObject({ id: second.userId, timezone: 'Asia/Tokyo' });

    const external = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: second.headers,
      payload: { profileImageUrl: 'https://evil.example/x.png' },
    });
    expect(external.statusCode).toBe(400);
  });
});
