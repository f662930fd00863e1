import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { fetchCreatorInfo } from './publishing-api';
import { useTikTokAccounts } from './use-tiktok-accounts';

/**
 * The account a dialog posts to and what TikTok allows it (spec 02 §4: on open, load the
 * accounts and the creator info). Starts on the default account.
 */
export const usePostTarget = (open: boolean) => {
  const { accounts, defaultOpenId, isLoading, isError } = useTikTokAccounts({ enabled: open });
  const [picked, setOpenId] = useState('');
  // The picked account while it exists, else the default: derived, so no effect resets it.
  const openId = accounts.some((a) => a.open_id === picked)
    ? picked
    : (defaultOpenId ?? accounts[0]?.open_id ?? '');
  const creator = useQuery({
    queryKey: queryKeys.tiktokCreatorInfo(openId),
    queryFn: () => fetchCreatorInfo(openId),
    enabled: open && openId !== '',
    retry: false,
    staleTime: 60_000,
  });
  const account = accounts.find((a) => a.open_id === openId);
  const expired =
    account?.reconnect_needed ||
    (creator.error instanceof ApiError &&
      (creator.error.status === 401 || creator.error.code === 'tiktok_reconnect_needed'));
  return {
    accounts,
    accountsLoading: isLoading,
    accountsFailed: isError,
    openId,
    setOpenId,
    creator: creator.data ?? null,
    creatorFailed: creator.isError,
    expired: Boolean(expired),
  };
};
