import { apiRequest } from '@/lib/api-client';
import { redirectUrlOf } from './create-checkout-session';

export const createPortalSession = async (): Promise<string> =>
  redirectUrlOf(
    await apiRequest<unknown>('/api/billing/create-portal-session', {
      method: 'POST',
    }),
  );
