import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { TDraftType } from '#contract/drafts';
import { openCampaignItemDraft } from '../api/open-campaign-item-draft';

type Options = {
  /** `draftItem` from the URL, when no draft is open yet. */
  itemId: string | undefined;
  type: TDraftType | undefined;
  /** Step 4: puts the draft in the URL in place of draftItem. */
  onOpened: (draft: { id: string; type: TDraftType }) => void;
};

/** docs/product/create.md rule 3: runs once per item id the URL names. */
export const useOpenCampaignItem = ({ itemId, type, onOpened }: Options) => {
  const queryClient = useQueryClient();
  const opening = useMutation({
    mutationFn: (id: string) => openCampaignItemDraft(queryClient, id, type),
  });
  const { mutate } = opening;
  const open = useCallback((id: string) => mutate(id, { onSuccess: onOpened }), [mutate, onOpened]);

  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!itemId || started.current === itemId) return;
    started.current = itemId;
    open(itemId);
  }, [itemId, open]);

  return {
    active: Boolean(itemId),
    error: opening.isError ? opening.error : null,
    retry: () => {
      if (itemId) open(itemId);
    },
  };
};
