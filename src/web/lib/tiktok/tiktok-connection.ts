import type { QueryClient } from '@tanstack/react-query';
import type { TTikTokAccounts, TTikTokTicketRequest } from '#contract/tiktok';
import { ZTikTokAccounts, ZTikTokTicketResponse } from '#contract/tiktok';
import { apiRequest } from '@/lib/api-client';
import { assignLocation } from '@/lib/browser-location';
import { queryKeys } from '@/lib/query-keys';

/**
 * Starts connecting (or reconnecting) a TikTok account: mints a single-use login link with the
 * session, then navigates the whole page there (the navigation itself carries no bearer token).
 */
export const startTikTokLogin = async (options: TTikTokTicketRequest = {}) => {
  const { url } = ZTikTokTicketResponse.parse(
    await apiRequest<unknown>('/api/tiktok/auth/ticket', { body: options }),
  );
  assignLocation(url);
};

export const disconnectTikTokAccount = (openId: string) =>
  apiRequest<unknown>(`/api/tiktok/accounts/${encodeURIComponent(openId)}`, { method: 'DELETE' });

export const makeDefaultTikTokAccount = async (openId: string): Promise<TTikTokAccounts> =>
  ZTikTokAccounts.parse(
    await apiRequest<unknown>('/api/tiktok/accounts/default', {
      method: 'PUT',
      body: { open_id: openId },
    }),
  );

/** After a connection change the account list and the user record (its `tiktok*` fields) are stale. */
export const refreshTikTokConnection = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tiktokAccounts }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  ]);
