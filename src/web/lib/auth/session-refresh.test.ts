import { describe, expect, it } from 'vitest';
import { shouldRefreshSession } from './session-refresh';

describe('shouldRefreshSession (check every 30 s, refresh with 3 checks or fewer left)', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();
  it('refreshes when 90 s or less remain', () => {
    expect(shouldRefreshSession(at(90_000), now)).toBe(true);
    expect(shouldRefreshSession(at(10_000), now)).toBe(true);
    expect(shouldRefreshSession(at(-5_000), now)).toBe(true);
  });
  it('leaves a session with more than 3 checks left alone', () => {
    expect(shouldRefreshSession(at(90_001), now)).toBe(false);
    expect(shouldRefreshSession(at(7 * 24 * 3600_000), now)).toBe(false);
  });
});
