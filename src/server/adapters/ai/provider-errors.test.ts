import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { isTransientProviderFailure, toProviderAppError } from './provider-errors';

const callError = (statusCode: number | undefined, headers?: Record<string, string>) =>
  new APICallError({
    message: 'failed',
    url: 'https://llm.example.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
  });

describe('provider errors', () => {
  it("unwraps the SDK's RetryError to the provider's last answer", () => {
    const wrapped = new RetryError({
      message: 'Failed after 2 attempts',
      reason: 'maxRetriesExceeded',
      errors: [callError(500), callError(429, { 'retry-after': '9' })],
    });
    expect(toProviderAppError(wrapped, 'llm.example.com')).toMatchObject({
      code: 'ai_busy',
      status: 429,
      retryAfterSeconds: 9,
    });
    expect(isTransientProviderFailure(wrapped)).toBe(false);
  });

  it('reads retry-after-ms and HTTP dates, and bounds what it passes on', () => {
    const hint = (headers: Record<string, string>) =>
      toProviderAppError(callError(503, headers), 'h')?.retryAfterSeconds;
    expect(hint({ 'retry-after-ms': '1500' })).toBe(2);
    expect(hint({ 'retry-after': new Date(Date.now() + 120_000).toUTCString() })).toBeGreaterThan(
      100,
    );
    expect(hint({ 'retry-after': '999999' })).toBe(3600);
    expect(hint({ 'retry-after': 'soon' })).toBe(15);
  });

  it('leaves errors that are not the provider’s alone', () => {
    expect(toProviderAppError(new Error('bug'), 'h')).toBeUndefined();
    expect(isTransientProviderFailure(new Error('bug'))).toBe(false);
  });
});
