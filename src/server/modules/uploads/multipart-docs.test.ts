import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

describe('upload routes in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['/api/upload-images', 'images', 10],
    ['/api/carousel-images/upload', 'images', 10],
    ['/api/products/{id}/upload-images', 'images', 10],
    ['/api/temp-images/upload', 'image', 1],
  ])('describes the multipart form of %s', async (path, field, maxFiles) => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const form = doc.paths[path].post.requestBody?.content?.['multipart/form-data']?.schema;
    expect(form?.properties?.[field]).toMatchObject({
      type: 'array',
      maxItems: maxFiles,
      items: { type: 'string', format: 'binary' },
      description: expect.stringMatching(/JPEG, PNG, GIF or WebP.*at most 50 megapixels.*EXIF/),
    });
  });

  it('still validates path parameters and refuses bodies that are not multipart', async () => {
    const { headers } = await t.createUser();
    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/products/not-an-id/upload-images',
      headers,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'validation_error', field: 'id' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/carousel-images/upload',
      headers,
      payload: { images: ['x'] },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('unsupported_media_type');
  });
});
