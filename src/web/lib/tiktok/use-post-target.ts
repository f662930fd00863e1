import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { fetchCreatorInfo } from './publishing-api';
import { useTikTokAccounts } from './use-tiktok-accounts';

/**
 * The account a dialog posts to and what TikTok allows it (docs/product/publishing.md rule 3: on
 * open, load the accounts and the creator info). Starts on the default account.
 */
export const usePostTarget = (open: boolean) => {
  const { accounts, defaultOpenId, isLoading, isError } = useTikTokAccounts({ enabled: open });
  const [picked, setOpenId] = useState('');
  // The picked account while it exists, else the default: derived, so no effect resets it.
  const openId = accounts.some((a) => a.open_id === picked)
    ? picked
    : (defaultOpenId ?? accounts[0]?.open_id ?? '');
  const account = accounts.find((a) => a.open_id === openId);
  // Creator info needs "Post content to your account directly" (video.publish): an account the
  // seller granted only drafts is not asked, and the dialog goes on without it (decision 100).
  const missingScopes = account?.missing_scopes ?? [];
  const readsCreator = !missingScopes.includes('video.publish');
  const creator = useQuery({
    queryKey: queryKeys.tiktokCreatorInfo(openId),
    queryFn: () => fetchCreatorInfo(openId),
    enabled: open && openId !== '' && readsCreator,
    retry: false,
    staleTime: 60_000,
  });
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
    creator: readsCreator ? (creator.data ?? null) : null,
    creatorFailed: readsCreator && creator.isError,
    /** TikTok refused creator info for a permission the seller did not grant: its words. */
    creatorRefusal:
      readsCreator && creator.error instanceof ApiError && creator.error.status === 403
        ? (creator.error.serverMessage ?? null)
        : null,
    missingScopes,
    expired: Boolean(expired),
  };
};
