import { describe, expect, it } from 'vitest';
import { ApiError, BUSY_MESSAGE } from './api-client';

describe('ApiError', () => {
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
