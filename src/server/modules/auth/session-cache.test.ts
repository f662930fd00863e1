import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

const inAnHour = () => new Date(Date.now() + 3600_000);

describe('session cache', () => {
  it('remembers a checked token until it is forgotten', () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    cache.set('t1', 'u1', inAnHour(), cache.begin());
    expect(cache.get('t1')).toBe('u1');
    cache.forget('t1');
    expect(cache.get('t1')).toBeNull();
  });

  it('does not store a lookup that started before a revocation', () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const startedAt = cache.begin();
    cache.forget('t1'); // signed out while the session query was on its way
    cache.set('t1', 'u1', inAnHour(), startedAt);
    expect(cache.get('t1')).toBeNull();
  });

  it('never keeps an expired session, and keeps nothing when turned off', () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    cache.set('t1', 'u1', new Date(Date.now() - 1), cache.begin());
    expect(cache.get('t1')).toBeNull();
    const off = createSessionCache({ ttlMs: 0 });
    off.set('t2', 'u2', inAnHour(), off.begin());
    expect(off.get('t2')).toBeNull();
  });
});
