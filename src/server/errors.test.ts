import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#contract/errors';
import { AppError, toContractCode } from './errors';

describe('AppError', () => {
  it("takes its status from the contract's code", () => {
    expect(new AppError('invalid_token', 'expired')).toMatchObject({ status: 400 });
    expect(new AppError('ai_busy', 'busy', { retryAfterSeconds: 5 })).toMatchObject({
      status: 429,
      retryAfterSeconds: 5,
    });
    // @ts-expect-error only the contract's codes are accepted (tsc checks this line)
    expect(new AppError('made_up', 'x').code).toBe('made_up');
  });
});

describe('toContractCode', () => {
  it("keeps better-auth's codes the contract lists", () => {
    expect(toContractCode('INVALID_EMAIL_OR_PASSWORD', 401)).toBe('invalid_email_or_password');
    expect(toContractCode('EMAIL_NOT_VERIFIED', 403)).toBe('email_not_verified');
  });

  it('maps codes the contract does not list by their status', () => {
    expect(toContractCode('FAILED_TO_CREATE_SESSION', 500)).toBe('internal_error');
    expect(toContractCode('SESSION_NOT_FRESH', 403)).toBe('forbidden');
    expect(toContractCode('SOMETHING_NEW', 400)).toBe('bad_request');
    expect(toContractCode(undefined, 422)).toBe('client_error');
    for (const raw of ['X', undefined, 42]) {
      for (const status of [400, 401, 404, 409, 418, 429, 503]) {
        expect(Object.keys(ERROR_CODES)).toContain(toContractCode(raw, status));
      }
    }
  });
});
