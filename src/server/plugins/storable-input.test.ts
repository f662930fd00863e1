import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/** Text PostgreSQL cannot store, or a body too deep to write: each used to answer 500. */
describe('input the database cannot store', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await t.createUser());
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: 'GET' | 'POST', url: string, payload?: string) =>
    t.app.inject({
      method,
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload }),
    });

  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it.each([
    ['a NUL in a product name', 'POST', '/api/products', '{"name":"Soap\\u0000"}', 'name'],
    [
      'a NUL in a draft caption',
      'POST',
      '/api/drafts',
      '{"type":"carousel","caption":"a\\u0000"}',
      'caption',
    ],
    [
      'a NUL in a key of draft assets',
      'POST',
      '/api/drafts',
      '{"type":"video","assets":{"a\\u0000":1}}',
      'assets.a\u0000',
    ],
    [
      'a NUL in a product id',
      'POST',
      '/api/ai/generate-video-hook',
      '{"productId":"a\\u0000"}',
      'productId',
    ],
    [
      'draft assets nested 5000 deep',
      'POST',
      '/api/drafts',
      `{"type":"video","assets":{"x":${nested(5000)}}}`,
      expect.stringMatching(/^assets\.x(\.0)+$/),
    ],
    ['a NUL in a query string', 'GET', '/api/drafts?status=%00', undefined, 'status'],
    ['a NUL in an events filter', 'GET', '/api/events?name=%00', undefined, 'name'],
    ['a NUL in a draft id', 'GET', '/api/drafts/a%00', undefined, 'id'],
    ['a NUL in a collection key', 'GET', '/api/carousel-images/collections/a%00', undefined, 'key'],
  ] as const)(
    'answers 400 naming the field for %s',
    async (_label, method, url, payload, field) => {
      const res = await send(method, url, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', field });
    },
  );

  it('stores half an emoji as U+FFFD, as PostgreSQL does in text columns, even in jsonb', async () => {
    const draft = await send(
      'POST',
      '/api/drafts',
      '{"type":"carousel","caption":"Glow \\ud83e","hashtags":["x\\ud800","\\udc00y"]}',
    );
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      caption: 'Glow \uFFFD',
      hashtags: ['x\uFFFD', '\uFFFDy'],
    });
    const event = await send(
      'POST',
      '/api/events',
      '{"name":"generation_blocked","properties":{"a\\udc00":"\\udc00"}}',
    );
    expect(event.statusCode, event.body).toBe(204);
  });

  it('still stores ordinary text: emoji (surrogate pairs), accents and tabs', async () => {
    const res = await send(
      'POST',
      '/api/drafts',
      JSON.stringify({ type: 'carousel', caption: 'Glow ✨🧴 crème\tbrûlée', hashtags: ['#😀'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().caption).toBe('Glow ✨🧴 crème\tbrûlée');
  });
});
