import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TPatchDraftRequest } from '#contract/drafts';
import { saveToCampaignItem } from '@/lib/campaign-items';
import { invalidateDraftLists } from '@/lib/query-keys';
import { updateDraft } from '../api/update-draft';
import type { SaveScheduler, SaveStatus } from '@/lib/save-scheduler';
import { CAROUSEL_AUTOSAVE_MS, createSaveScheduler } from '@/lib/save-scheduler';
import type { CarouselEditorState } from '../lib/slides';
import { toDraftPatch } from '../lib/slides';

/**
 * docs/product/carousels.md rule 4: saves the draft 800 ms after the last change. The state the
 * editor opened with is not saved again; leaving the editor saves a pending change at once. While
 * `settling`, changes the editor makes by itself (the sample image of a new carousel) join that
 * opening state. A draft made from a campaign item saves its slides and caption to that item too
 * (docs/product/create.md rule 3).
 */
export const useAutoSave = (
  draftId: string | undefined,
  state: CarouselEditorState,
  settling = false,
  campaignItemId?: string,
) => {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const scheduler = useRef<SaveScheduler<TPatchDraftRequest> | null>(null);

  useEffect(() => {
    if (!draftId) return undefined;
    const current = createSaveScheduler<TPatchDraftRequest>({
      delayMs: CAROUSEL_AUTOSAVE_MS,
      save: async (patch) => {
        await updateDraft(draftId, patch);
        // Only the lists: refetching this draft would be wasted work while editing.
        await invalidateDraftLists(queryClient);
        // A failure here shows as a failed save, so the next change sends both again.
        if (campaignItemId && 'carouselPlan' in patch) {
          await saveToCampaignItem(queryClient, campaignItemId, {
            carouselPlan: patch.carouselPlan,
            caption: patch.caption ?? null,
          });
        }
      },
      onStatus: setStatus,
    });
    scheduler.current = current;
    return () => {
      void current.flush();
      current.dispose();
      if (scheduler.current === current) scheduler.current = null;
    };
  }, [campaignItemId, draftId, queryClient]);

  const serialized = JSON.stringify(toDraftPatch(state));
  const baseline = useRef<string | null>(null);
  const wasSettling = useRef(settling);
  const touched = useRef(false);
  useEffect(() => {
    const justSettled = wasSettling.current && !settling;
    wasSettling.current = settling;
    const own = justSettled && !touched.current;
    if (own || baseline.current === null || baseline.current === serialized) {
      baseline.current = serialized;
      return;
    }
    baseline.current = serialized;
    touched.current = true;
    scheduler.current?.schedule(JSON.parse(serialized) as TPatchDraftRequest);
  }, [serialized, settling]);

  return status;
};
