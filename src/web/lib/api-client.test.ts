import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, BUSY_MESSAGE, apiRequest } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

const failWith = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers })),
  );

describe('ApiError', () => {
  it("carries the contract's code, the server's message and its retry hint", async () => {
    failWith(
      429,
      { error: 'The AI model is busy. Try again in 20 s.', code: 'ai_busy', retryAfterSeconds: 20 },
      { 'Retry-After': '20' },
    );
    const error = await apiRequest('/api/ai/generate-video-hook', { body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'ai_busy',
      serverMessage: 'The AI model is busy. Try again in 20 s.',
      retryAfterSeconds: 20,
    });
  });

  it('reads the Retry-After header when the body has no hint, and drops unknown codes', async () => {
    failWith(502, { error: 'Bad gateway', code: 'made_up_code' }, { 'Retry-After': '15' });
    const error = await apiRequest('/api/ai/generate-carousel-plan', { body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 502, code: undefined, retryAfterSeconds: 15 });
  });
  it("shows the server's sentence for a busy server (503 server_busy)", () => {
    const body = JSON.stringify({
      error: 'The server is busy. Try again in a few seconds.',
      code: 'server_busy',
    });
    const error = new ApiError(503, 'Service Unavailable', body);
    expect(error.code).toBe('server_busy');
    expect(error.serverMessage).toBe('The server is busy. Try again in a few seconds.');
  });

  it('gives a clear sentence for a 503 without our envelope', () => {
    const error = new ApiError(503, 'Service Unavailable', '<html>busy</html>');
    expect(error.serverMessage).toBe(BUSY_MESSAGE);
    expect(error.message).toBe('503: <html>busy</html>');
  });
});
