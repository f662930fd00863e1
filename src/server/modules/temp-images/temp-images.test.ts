import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMP_IMAGE_TTL_MS } from '#contract/carousel-images';
import { tempImages } from '../../db/schema';
import { cleanupExpiredTempImages } from './temp-images-sweep';
import type { TestApp } from '../../testing/test-app';
import { multipart, solidPng } from '../../testing/multipart';
import { createTestApp } from '../../testing/test-app';
import { createTempImagesService } from './temp-images-service';

const slide = (color = '#224466') => solidPng(1080, 1080, color);

describe('temp images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const upload = async (
    headers: Record<string, string>,
    parts: Parameters<typeof multipart>[0],
  ) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/temp-images/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('hosts a rendered slide as JPEG behind a signed URL that lasts the TTL', async () => {
    const u = await t.createUser();
    const before = Date.now();
    const res = await upload(u.headers, [
      { field: 'image', filename: 'slide_1.png', type: 'image/png', data: await slide() },
    ]);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    const signed = new URL(url);
    expect(signed.origin).toBe('http://localhost:3999');
    expect(signed.pathname).toMatch(new RegExp(`^/files/temp/${u.userId}/[0-9a-f-]{36}\\.jpg$`));
    const expires = Number(signed.searchParams.get('expires')) * 1000;
    expect(expires - before).toBeGreaterThanOrEqual(TEMP_IMAGE_TTL_MS - 2000);
    expect(expires - before).toBeLessThanOrEqual(TEMP_IMAGE_TTL_MS + 2000);

    const served = await t.app.inject({ method: 'GET', url: signed.pathname + signed.search });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);

    const [row] = await t.db.db.select().from(tempImages).where(eq(tempImages.userId, u.userId));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(TEMP_IMAGE_TTL_MS);
  });

  it('refuses a file that is not an image, a missing file, extra files and anonymous calls', async () => {
    const u = await t.createUser();
    const fake = await upload(u.headers, [
      { field: 'image', filename: 'slide.jpg', type: 'image/jpeg', data: Buffer.from('<html>') },
    ]);
    expect(fake.statusCode).toBe(415);
    const wrongField = await upload(u.headers, [
      { field: 'images', filename: 'slide.png', type: 'image/png', data: await slide() },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'validation_error', field: 'image' });
    const two = await upload(u.headers, [
      { field: 'image', filename: 'a.png', type: 'image/png', data: await slide() },
      { field: 'image', filename: 'b.png', type: 'image/png', data: await slide('#000000') },
    ]);
    expect(two.statusCode).toBe(413);
    const anonymous = await upload({}, [
      { field: 'image', filename: 'a.png', type: 'image/png', data: await slide() },
    ]);
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves no untracked file when the row cannot be written (account deleted meanwhile)', async () => {
    const written: string[] = [];
    const storage = {
      ...t.storage,
      put: async (key: string, body: Buffer, contentType: string) => {
        written.push(key);
        return t.storage.put(key, body, contentType);
      },
    };
    const service = createTempImagesService({ db: t.db.db, storage });
    const file = {
      buffer: await slide(),
      mime: 'image/png',
      ext: 'png',
      filename: 's.png',
      field: 'image',
    };
    await expect(service.upload('deleted-user', file)).rejects.toThrow();
    // The cleanup finds files through their rows; one stored without a row would stay forever.
    for (const key of written) expect(await t.storage.get(key)).toBeNull();
  });

  it('cleanup deletes expired images (file and row) and keeps the rest', async () => {
    const u = await t.createUser();
    const urls: string[] = [];
    for (const color of ['#111111', '#222222', '#333333']) {
      const res = await upload(u.headers, [
        { field: 'image', filename: 'slide.png', type: 'image/png', data: await slide(color) },
      ]);
      urls.push(res.json().url);
    }
    const rows = await t.db.db.select().from(tempImages).where(eq(tempImages.userId, u.userId));
    expect(rows).toHaveLength(3);
    // Age one of them past its expiry.
    const old = rows[0]!;
    await t.db.db
      .update(tempImages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tempImages.id, old.id));

    const now = new Date();
    expect(await cleanupExpiredTempImages({ db: t.db.db, storage: t.storage, now })).toBe(1);
    expect(await t.storage.get(old.storageKey)).toBeNull();
    const left = await t.db.db.select().from(tempImages).where(eq(tempImages.userId, u.userId));
    expect(left.map((r) => r.id).sort()).toEqual(
      rows
        .slice(1)
        .map((r) => r.id)
        .sort(),
    );
    for (const row of left) expect(await t.storage.get(row.storageKey)).not.toBeNull();

    // With a clock past the TTL everything goes, in small batches too.
    const later = new Date(Date.now() + TEMP_IMAGE_TTL_MS + 1000);
    expect(
      await cleanupExpiredTempImages({ db: t.db.db, storage: t.storage, now: later, batchSize: 1 }),
    ).toBeGreaterThanOrEqual(2);
    expect(await t.db.db.select().from(tempImages).where(eq(tempImages.userId, u.userId))).toEqual(
      [],
    );
    for (const row of left) expect(await t.storage.get(row.storageKey)).toBeNull();
    expect(await cleanupExpiredTempImages({ db: t.db.db, storage: t.storage, now: later })).toBe(0);
  });
});
