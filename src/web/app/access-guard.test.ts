import { describe, expect, it } from 'vitest';
import type { TEntitlements } from '#contract/entitlements';
import { decideAccess } from './access-guard';

const ent = (over: Partial<TEntitlements>): TEntitlements => ({
  canAccessApp: true,
  canGenerate: true,
  reason: null,
  plan: 'basic',
  limit: 15,
  remainingQuota: 10,
  used: 5,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  ...over,
});
const base = {
  type: 'default' as const,
  isAuthLoading: false,
  isAuthenticated: true,
  isEntitlementsLoading: false,
  current: '/create?type=carousel',
  host: 'https://hookreel.example',
};

describe('decideAccess (docs/product/app.md rule 2)', () => {
  it('waits while auth or entitlements load', () => {
    expect(decideAccess({ ...base, isAuthLoading: true, entitlements: undefined })).toEqual({
      status: 'loading',
    });
    expect(decideAccess({ ...base, isEntitlementsLoading: true, entitlements: undefined })).toEqual(
      { status: 'loading' },
    );
  });

  it('sends signed-out users and users without app access to onboarding', () => {
    expect(decideAccess({ ...base, isAuthenticated: false, entitlements: null })).toEqual({
      status: 'redirect',
      to: '/onboarding',
    });
    expect(decideAccess({ ...base, entitlements: ent({ canAccessApp: false }) })).toEqual({
      status: 'redirect',
      to: '/onboarding',
    });
  });

  it('allows app pages with access, and generation routes only when generation is allowed', () => {
    expect(decideAccess({ ...base, entitlements: ent({}) })).toEqual({ status: 'allowed' });
    expect(decideAccess({ ...base, type: 'generation', entitlements: ent({}) })).toEqual({
      status: 'allowed',
    });
  });

  it('sends a blocked generation to {host}/pricing with the reason and the return path', () => {
    const r = decideAccess({
      ...base,
      type: 'generation',
      entitlements: ent({ canGenerate: false, reason: 'payment_issue' }),
    });
    expect(r).toEqual({
      status: 'redirect',
      to: 'https://hookreel.example/pricing?reason=payment_issue&return=%2Fcreate%3Ftype%3Dcarousel',
      reason: 'payment_issue',
    });
  });

  it('defaults the reason to "limit", the return to /create, and falls back to /pricing', () => {
    const r = decideAccess({
      ...base,
      type: 'generation',
      current: '',
      entitlements: ent({ canGenerate: false, reason: null }),
    });
    expect(r).toMatchObject({
      to: 'https://hookreel.example/pricing?reason=limit&return=%2Fcreate',
      reason: 'limit',
    });
    const bad = decideAccess({
      ...base,
      host: 'not a url',
      type: 'generation',
      entitlements: ent({ canGenerate: false }),
    });
    expect(bad).toEqual({ status: 'redirect', to: '/pricing', reason: 'limit' });
  });
});
