import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import type { FilePart as Part } from '../../testing/multipart';
import { multipart, solidPng } from '../../testing/multipart';
import { createTestApp } from '../../testing/test-app';

const png = solidPng;

describe('product images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newProduct = async (headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers,
      payload: { name: 'Desk Cable Organiser', description: 'Holds 6 cables' },
    });
    return res.json().id as string;
  };
  const upload = (headers: Record<string, string>, id: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/upload-images`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const imagesOf = async (id: string) =>
    (await t.db.db.select().from(products).where(eq(products.id, id)))[0]!.images;
  const fetchSigned = (url: string) => {
    const u = new URL(url);
    return t.app.inject({ method: 'GET', url: u.pathname + u.search });
  };

  it('stores each image as a JPEG of at most 1600 px with a WebP thumbnail', async () => {
    const u = await t.createUser();
    const id = await newProduct(u.headers);
    const res = await upload(u.headers, id, [
      { filename: 'wide.png', data: await png(2400, 1200) },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dropped).toBe(0);
    expect(body.images).toHaveLength(1);
    expect(body.thumbnails).toHaveLength(1);

    const [image] = await imagesOf(id);
    expect(image).toMatchObject({ width: 1600, height: 800 });
    expect(image!.key).toMatch(new RegExp(`^users/${u.userId}/products/${id}/[\\w-]+\\.jpg$`));
    expect(image!.thumbKey).toMatch(new RegExp(`^users/${u.userId}/products/${id}/.+\\.webp$`));
    const stored = await t.storage.get(image!.key);
    expect(stored?.contentType).toBe('image/jpeg');
    expect((await sharp(stored!.body).metadata()).format).toBe('jpeg');

    const full = await fetchSigned(body.images[0]);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    const thumb = await fetchSigned(body.thumbnails[0]);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 160 });

    const product = await t.app.inject({
      method: 'GET',
      url: `/api/products/${id}`,
      headers: u.headers,
    });
    expect(product.json().images).toHaveLength(1);
    expect(product.json().thumbnails[0]).toMatch(/\.webp\?expires=\d+&sig=/);
  });

  it('keeps at most 5 images across uploads and reports the dropped ones', async () => {
    const u = await t.createUser();
    const id = await newProduct(u.headers);
    const colours = ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666', '#777777'];
    const first = await upload(
      u.headers,
      id,
      await Promise.all(
        colours
          .slice(0, 3)
          .map(async (c, i) => ({ filename: `${i}.png`, data: await png(64, 64, c) })),
      ),
    );
    expect(first.json()).toMatchObject({ dropped: 0 });
    expect(first.json().images).toHaveLength(3);

    const second = await upload(
      u.headers,
      id,
      await Promise.all(
        colours
          .slice(3)
          .map(async (c, i) => ({ filename: `${i}.png`, data: await png(64, 64, c) })),
      ),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().dropped).toBe(2);
    expect(second.json().images).toHaveLength(5);
    expect(second.json().thumbnails).toHaveLength(5);
    const images = await imagesOf(id);
    expect(images).toHaveLength(5);
    // Upload order is kept: the first three are those of the first upload.
    const firstKeys = (await imagesOf(id)).slice(0, 3).map((i) => i.key);
    expect(first.json().images.map((url: string) => new URL(url).pathname)).toEqual(
      firstKeys.map((k) => `/files/${k}`),
    );

    const full = await upload(u.headers, id, [{ filename: 'extra.png', data: await png() }]);
    expect(full.statusCode).toBe(200);
    expect(full.json().dropped).toBe(1);
    expect(await imagesOf(id)).toEqual(images);
  });

  it('keeps the cap when two uploads arrive at once', async () => {
    const u = await t.createUser();
    const id = await newProduct(u.headers);
    const batch = async (prefix: string) =>
      Promise.all(
        ['#101010', '#202020', '#303030', '#404040'].map(async (c, i) => ({
          filename: `${prefix}${i}.png`,
          data: await png(64, 64, c),
        })),
      );
    const [a, b] = await Promise.all([
      upload(u.headers, id, await batch('a')),
      upload(u.headers, id, await batch('b')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().dropped + b.json().dropped).toBe(3);
    const images = await imagesOf(id);
    expect(images).toHaveLength(5);
    // The dropped files' objects were removed again.
    const kept = new Set(images.flatMap((i) => [i.key, i.thumbKey]));
    const dir = `users/${u.userId}/products/${id}`;
    if (t.config.storage.kind !== 'disk') throw new Error('the test app stores on disk');
    const files = await fs.readdir(path.join(t.config.storage.root, dir));
    expect(files.map((f) => `${dir}/${f}`).filter((k) => !kept.has(k))).toEqual([]);
  });

  it('refuses a file that is not an image by its content with 415 and stores nothing', async () => {
    const u = await t.createUser();
    const id = await newProduct(u.headers);
    const res = await upload(u.headers, id, [
      { filename: 'real.png', data: await png() },
      { filename: 'x.png', data: Buffer.from('just some text, not a picture') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(res.json().error).toMatch(/x\.png/);
    expect(await imagesOf(id)).toEqual([]);

    // A PNG header on a broken body passes the sniffing but not the conversion.
    const header = (await png()).subarray(0, 40);
    const broken = await upload(u.headers, id, [{ filename: 'broken.png', data: header }]);
    expect(broken.statusCode).toBe(415);
    expect(await imagesOf(id)).toEqual([]);
  });

  it("answers 404 for another user's product and 400 without images", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const id = await newProduct(a.headers);
    const foreign = await upload(b.headers, id, [{ filename: 'a.png', data: await png() }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
    expect(await imagesOf(id)).toEqual([]);

    const none = await upload(a.headers, id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'validation_error', field: 'images' });

    const badId = await upload(a.headers, 'abc', [{ filename: 'a.png', data: await png() }]);
    expect(badId.statusCode).toBe(400);

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/upload-images`,
      headers: a.headers,
      payload: { images: [] },
    });
    expect(json.statusCode).toBe(415);
  });
});
