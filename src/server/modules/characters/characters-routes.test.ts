import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMADE_CHARACTER_COUNT, ZPremadeCharacterListResponse } from '#contract/characters';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

describe('characters routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/characters/list answers the 10 pre-made characters, without a session too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/characters/list' });
    expect(res.statusCode).toBe(200);
    const { files } = ZPremadeCharacterListResponse.parse(res.json());
    expect(files).toHaveLength(PREMADE_CHARACTER_COUNT);
    expect(files[0]).toMatchObject({ id: 'maya', name: 'Maya', kind: 'video' });
  });
});
