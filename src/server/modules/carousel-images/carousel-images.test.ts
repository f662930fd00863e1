import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLibrary } from '../../library/import-library';
import { generateStarterLibrary } from '../../library/starter/generate-starter-library';
import { STARTER_COLLECTIONS } from '../../library/starter/starter-collections';
import type { TestApp } from '../../testing/test-app';
import { multipart, solidPng } from '../../testing/multipart';
import { createTestApp } from '../../testing/test-app';
import { createCarouselImagesService } from './carousel-images-service';

const png = (color: string, width = 300, height = 200) => solidPng(width, height, color);

describe('carousel images', () => {
  let t: TestApp;
  let library: string;
  const picked = [STARTER_COLLECTIONS[5]!, STARTER_COLLECTIONS[1]!];

  beforeAll(async () => {
    t = await createTestApp();
    library = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-library-'));
    // Two generated collections of 14 (more than one 12-image page) plus a hand-made folder.
    await generateStarterLibrary({
      outDir: library,
      collections: picked,
      imagesPerCollection: 14,
      size: 160,
    });
    const own = path.join(library, 'My_own photos');
    await fs.mkdir(own);
    await fs.writeFile(path.join(own, 'b.png'), await png('#336699'));
    await fs.writeFile(path.join(own, 'a.png'), await png('#993366'));
    await fs.writeFile(path.join(own, 'notes.txt'), 'not an image');
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(library, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const runImport = () => importLibrary({ db: t.db.db, storage: t.storage, folder: library });

  it('starts with an empty library (the test app imports nothing)', async () => {
    const res = await get('/api/carousel-images/collections');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ collections: [] });
  });

  it('imports a folder of folders, then lists collections with counts and covers', async () => {
    const report = await runImport();
    expect(report.added).toBe(30);
    expect(report.existing).toBe(0);
    expect(report.skipped).toEqual([
      {
        file: path.join('My_own photos', 'notes.txt'),
        reason: 'not a JPEG, PNG, WebP or GIF image',
      },
    ]);

    const res = await get('/api/carousel-images/collections');
    const { collections } = res.json();
    // collection.json positions first (0, 1), then the new folder after them.
    expect(
      collections.map((c: { key: string; name: string; count: number }) => [
        c.key,
        c.name,
        c.count,
      ]),
    ).toEqual([
      [picked[0]!.key, picked[0]!.name, 14],
      [picked[1]!.key, picked[1]!.name, 14],
      ['my-own-photos', 'My Own Photos', 2],
    ]);
    for (const c of collections) {
      expect(c.coverUrl).toMatch(/^\/media\/carousel\/lib-[0-9a-f]{32}-thumb\.webp$/);
      const cover = await get(c.coverUrl);
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/webp');
      expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(cover.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([480, 480]);
    }
  });

  it('answers a collection’s images in order, all served; an unknown key is 404', async () => {
    const key = picked[0]!.key;
    const res = await get(`/api/carousel-images/collections/${encodeURIComponent(key)}`);
    expect(res.statusCode).toBe(200);
    const { images } = res.json();
    expect(images).toHaveLength(14);
    expect(new Set(images).size).toBe(14);
    for (const url of images) {
      expect(url).toMatch(/^\/media\/carousel\/lib-[0-9a-f]{32}\.jpg$/);
      const img = await get(url);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
    }
    // The cover is the first image's thumbnail.
    const { collections } = (await get('/api/carousel-images/collections')).json();
    expect(collections[0].coverUrl).toBe(images[0].replace('.jpg', '-thumb.webp'));

    const own = (await get('/api/carousel-images/collections/my-own-photos')).json().images;
    // Natural file-name order: a.png before b.png.
    const first = await sharp((await get(own[0])).rawPayload).stats();
    expect(first.channels[0]!.mean).toBeGreaterThan(first.channels[2]!.mean);

    const unknown = await get('/api/carousel-images/collections/no-such-key');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    expect((await get('/media/carousel/lib-0000.jpg')).statusCode).toBe(404);
    expect((await get('/media/carousel/..%2F..%2Fetc.jpg')).statusCode).toBe(404);
  });

  it('re-imports without duplicates and adds only new images', async () => {
    const again = await runImport();
    expect(again.added).toBe(0);
    expect(again.existing).toBe(30);
    await fs.writeFile(path.join(library, 'My_own photos', 'c.png'), await png('#669933'));
    // The same bytes under another name are not a new image.
    await fs.copyFile(
      path.join(library, 'My_own photos', 'a.png'),
      path.join(library, 'My_own photos', 'a-copy.png'),
    );
    const more = await runImport();
    expect(more.added).toBe(1);
    const { collections } = (await get('/api/carousel-images/collections')).json();
    expect(collections.map((c: { count: number }) => c.count)).toEqual([14, 14, 3]);
    const own = (await get('/api/carousel-images/collections/my-own-photos')).json().images;
    expect(own).toHaveLength(3);
  });

  it('gives the AI routes each collection’s key and name', async () => {
    const service = createCarouselImagesService({
      db: t.db.db,
      storage: t.storage,
      secret: t.config.secret,
    });
    expect(await service.listCollectionRefs()).toEqual([
      { key: picked[0]!.key, name: picked[0]!.name },
      { key: picked[1]!.key, name: picked[1]!.name },
      { key: 'my-own-photos', name: 'My Own Photos' },
    ]);
  });

  it('lists library images to anyone, and user images only to their owner, newest first', async () => {
    const anonymous = await get('/api/carousel-images/list');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().platformImages).toHaveLength(31);
    expect(anonymous.json().userImages).toEqual([]);

    const a = await t.createUser();
    const b = await t.createUser();
    const first = multipart([
      { field: 'images', filename: 'red.png', type: 'image/png', data: await png('#cc0000') },
    ]);
    const up1 = await t.app.inject({
      method: 'POST',
      url: '/api/carousel-images/upload',
      headers: { ...a.headers, ...first.headers },
      payload: first.payload,
    });
    expect(up1.statusCode).toBe(200);
    expect(up1.json()).toEqual({ urls: [expect.any(String)], uploadType: 'user' });
    const two = multipart([
      {
        field: 'images',
        filename: 'green.png',
        type: 'image/png',
        data: await png('#00cc00', 2400, 1200),
      },
      {
        field: 'images',
        filename: 'blue.jpg',
        type: 'image/jpeg',
        data: await sharp(await png('#0000cc'))
          .jpeg()
          .toBuffer(),
      },
    ]);
    const up2 = await t.app.inject({
      method: 'POST',
      url: '/api/carousel-images/upload',
      headers: { ...a.headers, ...two.headers },
      payload: two.payload,
    });
    expect(up2.statusCode).toBe(200);
    expect(up2.json().urls).toHaveLength(2);

    const mine = (await get('/api/carousel-images/list', a.headers)).json();
    expect(mine.userImages.map((i: { url: string }) => i.url)).toEqual([
      up2.json().urls[1],
      up2.json().urls[0],
      up1.json().urls[0],
    ]);
    expect(mine.platformImages).toHaveLength(31);
    expect((await get('/api/carousel-images/list', b.headers)).json().userImages).toEqual([]);

    // The wide upload was scaled to 1600 on its long side and re-encoded as JPEG.
    const wide = await get(up2.json().urls[0]);
    expect(wide.statusCode).toBe(200);
    expect(wide.headers['content-type']).toBe('image/jpeg');
    expect(wide.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(wide.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 800]);
  });

  it('serves a user image only with its capability; a tampered or missing one is 404', async () => {
    const u = await t.createUser();
    const body = multipart([
      { field: 'images', filename: 'x.png', type: 'image/png', data: await png('#123456') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carousel-images/upload',
      headers: { ...u.headers, ...body.headers },
      payload: body.payload,
    });
    const url: string = res.json().urls[0];
    expect(url).toMatch(/^\/media\/carousel\/[0-9a-f-]{36}\.jpg\?k=[A-Za-z0-9_-]{22}$/);
    // No bearer needed: <img> and canvas cannot send one.
    expect((await get(url)).statusCode).toBe(200);
    const [pathPart, query] = url.split('?') as [string, string];
    const k = query.slice(2);
    const tampered = `${pathPart}?k=${k[0] === 'A' ? 'B' : 'A'}${k.slice(1)}`;
    for (const bad of [
      pathPart,
      tampered,
      `${pathPart}?k=`,
      pathPart.replace('.jpg', '-thumb.webp') + `?k=${k}`,
    ]) {
      const r = await get(bad);
      expect(r.statusCode, bad).toBe(404);
      expect(r.headers['cache-control']).toBe('no-store');
    }
    const service = createCarouselImagesService({
      db: t.db.db,
      storage: t.storage,
      secret: t.config.secret,
    });
    expect(await service.readImageByUrl(url)).toBeInstanceOf(Buffer);
    expect(await service.readImageByUrl(`http://localhost:3999${url}`)).toBeInstanceOf(Buffer);
    expect(await service.readImageByUrl(tampered)).toBeNull();
    expect(await service.readImageByUrl('https://example.com/a.jpg')).toBeNull();
  });

  it('removes the stored files of an upload whose rows cannot be written', async () => {
    const written: string[] = [];
    const storage = {
      ...t.storage,
      put: async (key: string, body: Buffer, contentType: string) => {
        written.push(key);
        return t.storage.put(key, body, contentType);
      },
    };
    const service = createCarouselImagesService({ db: t.db.db, storage, secret: t.config.secret });
    const file = {
      buffer: await png('#445566'),
      mime: 'image/png',
      ext: 'png',
      filename: 'a.png',
      field: 'images',
    };
    // A user deleted while the upload was converting: the insert fails on the foreign key.
    await expect(service.upload('deleted-user', [file, file])).rejects.toThrow();
    expect(written).toHaveLength(2);
    for (const key of written) expect(await t.storage.get(key)).toBeNull();
  });

  it('refuses uploads that are not images (415), too large (413), empty (400) or anonymous (401)', async () => {
    const u = await t.createUser();
    const upload = (
      parts: Parameters<typeof multipart>[0],
      headers: Record<string, string> = u.headers,
    ) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: '/api/carousel-images/upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const fake = await upload([
      {
        field: 'images',
        filename: 'fake.png',
        type: 'image/png',
        data: Buffer.from('<svg onload="alert(1)"></svg>'),
      },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('unsupported_media_type');
    // A valid image next to a fake one: nothing is stored.
    const mixed = await upload([
      { field: 'images', filename: 'ok.png', type: 'image/png', data: await png('#ffffff') },
      {
        field: 'images',
        filename: 'fake.jpg',
        type: 'image/jpeg',
        data: Buffer.from('plain text'),
      },
    ]);
    expect(mixed.statusCode).toBe(415);
    // Content sniffed as PNG but not decodable.
    const broken = await png('#ffffff');
    const truncated = await upload([
      { field: 'images', filename: 'broken.png', type: 'image/png', data: broken.subarray(0, 60) },
    ]);
    expect(truncated.statusCode).toBe(415);
    expect((await get('/api/carousel-images/list', u.headers)).json().userImages).toEqual([]);

    const big = Buffer.concat([await png('#000000'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload([
      { field: 'images', filename: 'big.png', type: 'image/png', data: big },
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('payload_too_large');

    const empty = await upload([]);
    expect(empty.statusCode).toBe(400);
    const anonymous = await upload(
      [{ field: 'images', filename: 'ok.png', type: 'image/png', data: await png('#ffffff') }],
      {},
    );
    expect(anonymous.statusCode).toBe(401);
    const badToken = await get('/api/carousel-images/list', { authorization: 'Bearer nope' });
    expect(badToken.statusCode).toBe(401);
  });
});
