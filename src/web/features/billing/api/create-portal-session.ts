import type { TRedirectUrl } from '#contract/billing';
import { apiRequest } from '@/lib/api-client';
import { redirectUrlOf } from './create-checkout-session';

export const createPortalSession = async (): Promise<string> =>
  redirectUrlOf(
    await apiRequest<Partial<TRedirectUrl>>('/api/billing/create-portal-session', {
      method: 'POST',
    }),
  );
