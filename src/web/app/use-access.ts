import { useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/auth-provider';
import { useEntitlements } from '@/lib/entitlements';
import type { GuardType } from './access-guard';
import { decideAccess } from './access-guard';

export const useAccess = (type: GuardType) => {
  const auth = useAuth();
  const entitlements = useEntitlements(auth.isAuthenticated);
  const location = useLocation();
  return decideAccess({
    type,
    isAuthLoading: auth.isLoading,
    isAuthenticated: auth.isAuthenticated,
    entitlements: entitlements.data,
    isEntitlementsLoading: entitlements.isPending,
    current: `${location.pathname}${location.search}`,
    host: window.location.origin,
  });
};
