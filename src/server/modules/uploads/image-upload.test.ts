import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { multipart, solidPng } from '../../testing/multipart';
import { createTestApp } from '../../testing/test-app';
import type * as ImageConvert from './image-convert';
import { toWebJpeg } from './image-convert';

// The real conversion, watched: the test needs to know when the server starts decoding a file.
vi.mock('./image-convert', async (importOriginal) => {
  const actual = await importOriginal<typeof ImageConvert>();
  return { ...actual, toWebJpeg: vi.fn(actual.toWebJpeg) };
});

const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('image uploads', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await t.createUser());
  });
  afterAll(() => t.close());

  const post = (url: string, body: { headers: Record<string, string>; payload: unknown }) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...body.headers },
      payload: body.payload as Buffer,
    });

  it('answers 400, not 500, to a body that is cut off or has no boundary', async () => {
    const whole = multipart([{ field: 'image', filename: 'a.png', data: await solidPng() }]);
    const cut = await post('/api/temp-images/upload', {
      headers: whole.headers,
      payload: whole.payload.subarray(0, whole.payload.length - 30),
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'validation_error', field: 'image' });
    expect(cut.json().error).toMatch(/malformed or was cut off/);

    const noBoundary = await post('/api/carousel-images/upload', {
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'not a form',
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json()).toMatchObject({ code: 'validation_error', field: 'images' });
  });

  it('says how many files one upload takes when more come', async () => {
    const png = await solidPng();
    const eleven = multipart(
      Array.from({ length: 11 }, (_, i) => ({ filename: `f${i}.png`, data: png })),
    );
    const many = await post('/api/carousel-images/upload', eleven);
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({
      error: 'Send at most 10 files at a time',
      code: 'payload_too_large',
      field: 'images',
    });
    const two = multipart([
      { field: 'image', filename: 'a.png', data: png },
      { field: 'image', filename: 'b.png', data: png },
    ]);
    const slides = await post('/api/temp-images/upload', two);
    expect(slides.statusCode).toBe(413);
    expect(slides.json().error).toBe('Send at most 1 file at a time');
  });

  it('converts each file as it arrives, so one raw upload is held at a time', async () => {
    const converted = vi.mocked(toWebJpeg);
    converted.mockClear();
    const body = multipart([
      { filename: 'first.png', data: await solidPng(400, 300, '#aa3355') },
      { filename: 'second.png', data: await solidPng(400, 300, '#3355aa') },
    ]);
    // Send the first file and the delimiter after it, then hold the second file back until the
    // server has started converting the first one (or has clearly not done so).
    const boundary = Buffer.from('----hookreel-test-boundary\r\n');
    const split = body.payload.indexOf(boundary, boundary.length) + boundary.length;
    let convertedBeforeRest = false;
    const payload = Readable.from(
      (async function* () {
        yield body.payload.subarray(0, split);
        convertedBeforeRest = await waitFor(() => converted.mock.calls.length > 0, 3000);
        yield body.payload.subarray(split);
      })(),
    );
    const res = await post('/api/carousel-images/upload', { headers: body.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().urls).toHaveLength(2);
    expect(convertedBeforeRest).toBe(true);
  });
});
