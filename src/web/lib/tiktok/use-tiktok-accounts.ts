import { useQuery } from '@tanstack/react-query';
import type { TTikTokAccount, TTikTokAccounts } from '#contract/tiktok';
import { ZTikTokAccounts } from '#contract/tiktok';
import { apiRequestOrNullOn401 } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

export const getTikTokAccounts = async (): Promise<TTikTokAccounts | null> => {
  const data = await apiRequestOrNullOn401<unknown>(queryPath(queryKeys.tiktokAccounts));
  return data === null ? null : ZTikTokAccounts.parse(data);
};

const EMPTY: TTikTokAccount[] = [];

/**
 * The user's connected TikTok accounts (GET /api/tiktok/accounts, docs/product/publishing.md rule
 * 2). `defaultOpenId` is the account posts go to unless another is picked; `reconnect_needed`
 * accounts must be connected again before they can post.
 */
export const useTikTokAccounts = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const query = useQuery({
    queryKey: queryKeys.tiktokAccounts,
    queryFn: getTikTokAccounts,
    enabled,
  });
  return {
    accounts: query.data?.accounts ?? EMPTY,
    defaultOpenId: query.data?.default_open_id ?? null,
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
  };
};
