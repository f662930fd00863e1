import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

describe('events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const record = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/events', headers, payload: payload as object });
  const list = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/events${query}`, headers });

  it('records generation_blocked and lists it back to its owner only', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const res = await record(a.headers, {
      name: 'generation_blocked',
      properties: { tool: 'carousel', reason: 'entitlements' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await record(a.headers, { name: 'generation_blocked' })).statusCode).toBe(204);

    const mine = await list(a.headers, '?name=generation_blocked');
    expect(mine.statusCode).toBe(200);
    const { events } = mine.json();
    expect(events).toHaveLength(2);
    expect(events).toContainEqual({
      id: expect.any(String),
      name: 'generation_blocked',
      properties: { tool: 'carousel', reason: 'entitlements' },
      createdAt: expect.any(String),
    });
    expect(events).toContainEqual(expect.objectContaining({ properties: {} }));
    expect((await list(a.headers, '?name=other')).json()).toEqual({ events: [] });
    expect((await list(b.headers)).json()).toEqual({ events: [] });
  });

  it('refuses unknown names, bad properties and anonymous calls', async () => {
    const u = await t.createUser();
    for (const payload of [
      {},
      { name: 'page_view' },
      { name: 'generation_blocked', properties: { nested: { a: 1 } } },
      { name: 'generation_blocked', properties: 'x' },
      { name: 'generation_blocked', properties: { long: 'x'.repeat(201) } },
      {
        name: 'generation_blocked',
        properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      },
    ]) {
      const res = await record(u.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    expect((await record({}, { name: 'generation_blocked' })).statusCode).toBe(401);
    expect((await list({})).statusCode).toBe(401);
    expect((await list(u.headers)).json()).toEqual({ events: [] });
  });
});
