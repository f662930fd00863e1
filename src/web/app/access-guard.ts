import type { TEntitlements } from '#contract/entitlements';

export type GuardType = 'default' | 'generation';

export type GuardResult =
  | { status: 'loading' }
  | { status: 'allowed' }
  | { status: 'redirect'; to: string; reason?: string };

type GuardInput = {
  type: GuardType;
  isAuthLoading: boolean;
  isAuthenticated: boolean;
  entitlements: TEntitlements | null | undefined;
  isEntitlementsLoading: boolean;
  /** Current path and query, for the pricing page's return parameter. */
  current: string;
  host: string;
};

/** docs/product/app.md rule 2 access guard, as a pure decision so each branch is testable. */
export const decideAccess = (input: GuardInput): GuardResult => {
  if (input.isAuthLoading || (input.isAuthenticated && input.isEntitlementsLoading))
    return { status: 'loading' };
  if (!input.isAuthenticated || !input.entitlements?.canAccessApp)
    return { status: 'redirect', to: '/onboarding' };
  if (input.type === 'generation' && !input.entitlements.canGenerate) {
    const reason = input.entitlements.reason ?? 'limit';
    try {
      const url = new URL('/pricing', input.host);
      url.searchParams.set('reason', reason);
      url.searchParams.set('return', input.current || '/create');
      return { status: 'redirect', to: url.toString(), reason };
    } catch {
      return { status: 'redirect', to: '/pricing', reason };
    }
  }
  return { status: 'allowed' };
};
