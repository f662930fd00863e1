import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { saveToCampaignItem } from '@/lib/campaign-items';
import { invalidateDraftLists } from '@/lib/query-keys';
import type { SaveScheduler, SaveStatus } from '@/lib/save-scheduler';
import { createSaveScheduler, DEMO_AUTOSAVE_MS } from '@/lib/save-scheduler';
import type { DemoState } from '../lib/demo-state';
import { toCampaignItemPatch, toDemoDraftPatch } from '../lib/demo-state';
import { updateDemoDraft } from '../api/update-draft';

type Saved = { state: DemoState };

/**
 * docs/product/hook-demo.md rule 1: saves the demo draft 600 ms after the last change, never two
 * saves at once; the state the editor opened with is not saved again, and leaving saves a pending
 * change at once. A draft made from a campaign item saves {hook, productId, assets} to that item
 * too (docs/product/create.md rule 3).
 */
export const useDemoAutoSave = (
  draftId: string | undefined,
  state: DemoState,
  baseAssets: Record<string, unknown>,
  campaignItemId: string | null,
) => {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const scheduler = useRef<SaveScheduler<Saved> | null>(null);
  // Read at save time: the scheduler lives as long as the draft, these may change meanwhile.
  const latest = useRef(baseAssets);
  useEffect(() => {
    latest.current = baseAssets;
  }, [baseAssets]);

  useEffect(() => {
    if (!draftId) return undefined;
    const current = createSaveScheduler<Saved>({
      delayMs: DEMO_AUTOSAVE_MS,
      save: async ({ state: next }) => {
        await updateDemoDraft(draftId, toDemoDraftPatch(next, latest.current));
        await Promise.all([
          invalidateDraftLists(queryClient),
          campaignItemId
            ? saveToCampaignItem(queryClient, campaignItemId, toCampaignItemPatch(next))
            : null,
        ]);
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

  const serialized = JSON.stringify(state);
  const baseline = useRef<string | null>(null);
  useEffect(() => {
    if (baseline.current === null || baseline.current === serialized) {
      baseline.current = serialized;
      return;
    }
    baseline.current = serialized;
    scheduler.current?.schedule({ state: JSON.parse(serialized) as DemoState });
  }, [serialized]);

  return status;
};
