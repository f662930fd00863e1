import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#contract/errors';
import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

type Schema = {
  type?: string;
  format?: string;
  pattern?: string;
  maxLength?: number;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
};
type Parameter = { in: string; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema }> }
  >;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const UUID_LENGTH = 36;

/**
 * Walks the served OpenAPI document and checks that it says what the server does, so a fuzzer
 * driven by it finds no mismatch.
 */
describe('the OpenAPI document tells the truth', () => {
  let t: TestApp;
  let doc: Doc;
  let headers: Record<string, string>;
  const operations: { method: string; path: string; op: Operation }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await t.createUser());
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) operations.push({ method, path, op });
    }
  });
  afterAll(() => t.close());

  const pathParams = (op: Operation) => (op.parameters ?? []).filter((p) => p.in === 'path');
  /** The longest value the document allows for a path parameter. */
  const longest = (p: Parameter) =>
    p.schema?.format === 'uuid' ? UUID_LENGTH : p.schema?.maxLength;
  const urlAtMaxLength = (path: string, op: Operation) => {
    let url = path;
    for (const p of pathParams(op)) {
      const value = p.schema?.format === 'uuid' ? randomUUID() : 'a'.repeat(longest(p) ?? 1);
      url = url.replace(`{${p.name}}`, value);
    }
    return url;
  };
  const inject = (method: string, url: string) =>
    t.app.inject({ method: method.toUpperCase() as 'GET', url, headers });

  it('bounds every path parameter within the router’s maxParamLength', () => {
    const params = operations.flatMap(({ method, path, op }) =>
      pathParams(op).map((p) => ({ where: `${method} ${path} ${p.name}`, p })),
    );
    expect(params.length).toBeGreaterThan(3);
    for (const { where, p } of params) {
      const max = longest(p);
      expect(max, where).toBeDefined();
      // A wildcard (/files/*) is not a router parameter, so maxParamLength does not apply.
      if (p.name !== '*') expect(max, where).toBeLessThanOrEqual(PATH_PARAM_MAX_LENGTH);
    }
  });

  it('routes a path parameter of the documented maximum length to its handler', async () => {
    for (const { method, path, op } of operations) {
      if (pathParams(op).length === 0) continue;
      const res = await inject(method, urlAtMaxLength(path, op));
      expect(res.json().error ?? '', `${method} ${path}`).not.toMatch(/^No route/);
    }
  });

  it('documents every 204 (and every other bodiless answer) without content', () => {
    const noContent = operations.filter(({ op }) => op.responses['204']);
    expect(noContent.length).toBeGreaterThanOrEqual(2);
    for (const { method, path, op } of noContent) {
      expect(op.responses['204']?.content, `${method} ${path}`).toBeUndefined();
    }
    const files = doc.paths['/files/{*}']?.get;
    expect(files?.responses['416']?.content).toBeUndefined();
  });

  it('refuses query parameters a route does not document', async () => {
    for (const { method, path, op } of operations) {
      // Body validation runs first; a route with a JSON body is covered by the next test.
      if (op.requestBody?.content?.['application/json']) continue;
      const url = `${urlAtMaxLength(path, op)}?zz_unlisted=1`;
      const res = await inject(method, url);
      expect(res.statusCode, `${method} ${path}`).toBe(400);
      expect(res.json(), `${method} ${path}`).toMatchObject({
        code: 'validation_error',
        field: 'zz_unlisted',
      });
    }
  });

  it('refuses an undocumented query parameter beside a valid JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events?zz_unlisted=1',
      headers,
      payload: { name: 'generation_blocked' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', field: 'zz_unlisted' });
    const listed = await inject('GET', '/api/events?name=generation_blocked');
    expect(listed.statusCode).toBe(200);
  });

  it('documents the content rules of every multipart upload', () => {
    const uploads = operations.filter(({ op }) => op.requestBody?.content?.['multipart/form-data']);
    expect(uploads.map(({ path }) => path).sort()).toEqual([
      '/api/carousel-images/upload',
      '/api/characters/upload',
      '/api/products/{id}/upload-images',
      '/api/temp-images/upload',
      '/api/upload-images',
      '/api/upload/videos',
    ]);
    for (const { path, op } of uploads) {
      const form = op.requestBody?.content?.['multipart/form-data']?.schema;
      const [field] = Object.values(form?.properties ?? {});
      if (path === '/api/upload/videos' || path === '/api/characters/upload') {
        expect(field?.description, path).toMatch(/100 MB.*by its content.*30 seconds/);
        expect(Object.keys(op.responses), path).toEqual(
          expect.arrayContaining(['413', '415', '422']),
        );
        continue;
      }
      expect(field?.description, path).toMatch(/judged by content.*megapixels.*EXIF/);
      expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('states that no request string may hold a NUL character', () => {
    const strings: { where: string; schema: Schema }[] = [];
    const collect = (where: string, schema: Schema | undefined) => {
      if (!schema) return;
      if (schema.type === 'string' && !schema.enum && !schema.format)
        strings.push({ where, schema });
      Object.entries(schema.properties ?? {}).forEach(([k, s]) => collect(`${where}.${k}`, s));
      collect(`${where}[]`, schema.items);
      schema.anyOf?.forEach((s, i) => collect(`${where}|${i}`, s));
    };
    for (const { method, path, op } of operations) {
      collect(`${method} ${path} body`, op.requestBody?.content?.['application/json']?.schema);
      for (const p of op.parameters ?? []) collect(`${method} ${path} ${p.name}`, p.schema);
    }
    expect(strings.length).toBeGreaterThan(10);
    for (const { where, schema } of strings) {
      expect(new RegExp(schema.pattern ?? '').test('a\u0000b'), where).toBe(false);
    }
  });

  it('states the rules the schemas check in code: time zones, slide image URLs', () => {
    const profile =
      doc.paths['/api/user/profile']?.patch?.requestBody?.content?.['application/json']?.schema;
    const timezone = profile?.anyOf?.find((s) => s.properties?.timezone)?.properties?.timezone;
    expect(timezone?.enum).toEqual(expect.arrayContaining(['Europe/Paris', 'UTC']));
    const draft =
      doc.paths['/api/drafts/{id}']?.patch?.requestBody?.content?.['application/json']?.schema;
    const slide =
      draft?.anyOf?.[0]?.properties?.carouselPlan?.properties?.slides?.items?.anyOf?.[1];
    const pattern = new RegExp(slide?.properties?.imageUrl?.pattern ?? '');
    expect(pattern.test('HTTPS://cdn.example.com/a.jpg')).toBe(true);
    expect(pattern.test('/media/carousel/a.jpg')).toBe(true);
    expect(pattern.test('javascript:alert(1)')).toBe(false);
    expect(pattern.test('//evil.example/a.jpg')).toBe(false);
  });

  it('lists the contract’s codes as the only error codes', () => {
    for (const { method, path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (Number(status) < 400 || !schema) continue;
        expect(schema.properties?.code?.enum, `${method} ${path} ${status}`).toEqual(
          Object.keys(ERROR_CODES),
        );
      }
    }
  });
});
