import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { validationSentence } from './error-handler';

/** Issue 29: a validation message is a sentence for a person; the path stays in `field`. */
describe('validation messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names the field in words, never as a path', () => {
    expect(
      validationSentence(
        'account.username',
        'Use 2–24 lower-case letters, digits, dots or underscores.',
      ),
    ).toBe('Check the username: use 2–24 lower-case letters, digits, dots or underscores.');
    expect(validationSentence('carouselPlan.slides.0.text', 'Invalid input')).toBe(
      'Check the text: invalid input.',
    );
    expect(validationSentence('photo_cover_index', 'Too big')).toBe(
      'Check the photo cover index: too big.',
    );
  });

  it('answers a nested mistake with a sentence and the path in `field`', async () => {
    const u = await t.createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: u.headers,
      payload: { type: 'carousel', carouselPlan: { slides: [{ text: 5 }] } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; field: string }>();
    expect(body.field).toMatch(/^carouselPlan\.slides\.0/);
    expect(body.error).toMatch(/^Check the [a-z ]+: .+\.$/);
    expect(body.error).not.toMatch(/carouselPlan|\.0/);
  });
});
