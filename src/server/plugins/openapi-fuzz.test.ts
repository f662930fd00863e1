import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#contract/errors';
import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

type Operation = {
  parameters?: { in: string; name: string }[];
  responses: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };
type Hostile = {
  what: string;
  url: string;
  payload?: string;
  contentType?: string;
  /** Sent without the user's session. */
  anonymous?: boolean;
};

/**
 * Issue 22: a fuzz driven by the OpenAPI document found answers the document did not list, some
 * outside the `{ error, code }` envelope. Every documented route gets a few hostile requests from
 * a signed-in user (each refused before any handler runs, so nothing changes): each answer's
 * status must be one the document lists for that route, in our envelope with a contract code.
 */
describe('hostile requests get documented answers in our envelope', () => {
  let t: TestApp;
  let doc: Doc;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await t.createUser());
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
  });
  afterAll(() => t.close());

  /** The document's path with every parameter filled by `fill` (the rest by a plain value). */
  const withParams = (path: string, fill: (name: string, first: boolean) => string) => {
    let first = true;
    return path.replace(/\{([^}]+)\}/g, (_all, name: string) => {
      const value = fill(name, first);
      first = false;
      return value;
    });
  };

  const hostileRequests = (method: string, path: string): Hostile[] => {
    const plain = withParams(path, () => 'a1');
    const hasParams = plain !== path;
    const requests: Hostile[] = [
      { what: 'no session and an unknown query key', url: `${plain}?zz_fuzz=1`, anonymous: true },
      { what: 'an unknown query key', url: `${plain}?zz_fuzz=1` },
      { what: 'a NUL character in the query', url: `${plain}?zz_fuzz=%00` },
      {
        what: 'a malformed %-escape',
        url: hasParams ? withParams(path, (_n, first) => (first ? 'a%zz' : 'a1')) : `${plain}%zz`,
      },
    ];
    if (hasParams) {
      requests.push(
        {
          what: 'a NUL character in a path parameter',
          url: withParams(path, (_n, first) => (first ? 'a%00b' : 'a1')),
        },
        {
          what: 'an overlong path parameter',
          url: withParams(path, (_n, first) =>
            first ? 'a'.repeat(PATH_PARAM_MAX_LENGTH + 1) : 'a1',
          ),
        },
      );
    }
    if (method !== 'get' && method !== 'head') {
      requests.push(
        {
          what: 'a content type no route reads',
          url: plain,
          payload: 'x=1',
          contentType: 'application/x-hookreel-fuzz',
        },
        {
          what: 'malformed JSON',
          url: plain,
          payload: '{"a":',
          contentType: 'application/json',
        },
      );
    }
    return requests;
  };

  it('answers every route’s hostile requests with a listed status and a contract code', async () => {
    const codes = Object.keys(ERROR_CODES);
    const wrong: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const listed = Object.keys(op.responses);
        for (const hostile of hostileRequests(method, path)) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: hostile.url,
            headers: {
              ...(hostile.anonymous ? {} : headers),
              ...(hostile.contentType ? { 'content-type': hostile.contentType } : {}),
            },
            ...(hostile.payload !== undefined ? { payload: hostile.payload } : {}),
          });
          sent++;
          const where = `${method.toUpperCase()} ${path} with ${hostile.what}: ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (!listed.includes(String(res.statusCode))) wrong.push(`unlisted status: ${where}`);
          let body: unknown;
          try {
            body = res.json();
          } catch {
            body = null;
          }
          const envelope = body as { error?: unknown; code?: unknown } | null;
          if (
            res.statusCode >= 400 &&
            (typeof envelope?.error !== 'string' || !codes.includes(String(envelope.code)))
          ) {
            wrong.push(`not our envelope: ${where}`);
          }
          if (res.statusCode < 400) wrong.push(`accepted: ${where}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
