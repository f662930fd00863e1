import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

type Doc = { paths: Record<string, Record<string, { security?: unknown[] }>> };

/**
 * Modules declare sign-in once per route group (decision 150): every route the OpenAPI document
 * says needs a bearer token answers 401 without one, before any handler or body check runs.
 */
describe('signed-in route groups', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
  });
  afterAll(() => t.close());

  it('answer 401 without a token on every secured operation', async () => {
    const secured = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        // `{}` among the schemes: signing in is optional there (a library list answers anyone).
        .filter(([, op]) => (op.security ?? []).length > 0)
        .filter(([, op]) => !(op.security ?? []).some((s) => Object.keys(s as object).length === 0))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    expect(secured.length).toBeGreaterThan(50);
    for (const { method, path } of secured) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(`${method} ${path}: ${res.statusCode}`).toBe(`${method} ${path}: 401`);
    }
  });
});
