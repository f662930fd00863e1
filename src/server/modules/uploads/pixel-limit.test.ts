import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { multipart, pngDeclaring } from '../../testing/multipart';
import { createTestApp } from '../../testing/test-app';

/** Every route that takes an image upload refuses a decompression bomb the same way. */
describe('the pixel limit on every upload route', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const u = await t.createUser();
    headers = u.headers;
    productId = randomUUID();
    await t.db.db
      .insert(products)
      .values({ id: productId, userId: u.userId, name: 'Desk lamp', description: 'A lamp' });
  });
  afterAll(() => t.close());

  it.each([
    ['/api/upload-images', 'images'],
    ['/api/carousel-images/upload', 'images'],
    ['/api/temp-images/upload', 'image'],
    ['/api/products/{id}/upload-images', 'images'],
  ])('%s answers 413 to a 30000×30000 PNG', async (route, field) => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    const body = multipart([{ field, filename: 'bomb.png', data: bomb }]);
    const res = await t.app.inject({
      method: 'POST',
      url: route.replace('{id}', productId),
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: 'bomb.png is 30000×30000 pixels; images may have at most 50 megapixels',
      code: 'payload_too_large',
      field,
    });
  });
});
