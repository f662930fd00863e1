import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidateDraftLists } from '@/lib/query-keys';
import type { SaveScheduler, SaveStatus } from '@/lib/save-scheduler';
import { createSaveScheduler, DEMO_AUTOSAVE_MS } from '@/lib/save-scheduler';
import type { DemoState } from '../lib/demo-state';
import { toDemoDraftPatch } from '../lib/demo-state';
import { updateDemoDraft } from '../api/update-draft';

type Saved = { state: DemoState };

/**
 * Spec 02 §4: saves the demo draft 600 ms after the last change, never two saves at once; the
 * state the editor opened with is not saved again, and leaving saves a pending change at once.
 * `saveBack` also writes the change to the campaign item the draft came from (spec 02 §7).
 */
export const useDemoAutoSave = (
  draftId: string | undefined,
  state: DemoState,
  baseAssets: Record<string, unknown>,
  saveBack?: (state: DemoState) => Promise<unknown>,
) => {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const scheduler = useRef<SaveScheduler<Saved> | null>(null);
  // Read at save time: the scheduler lives as long as the draft, these may change meanwhile.
  const latest = useRef({ baseAssets, saveBack });
  useEffect(() => {
    latest.current = { baseAssets, saveBack };
  }, [baseAssets, saveBack]);

  useEffect(() => {
    if (!draftId) return undefined;
    const current = createSaveScheduler<Saved>({
      delayMs: DEMO_AUTOSAVE_MS,
      save: async ({ state: next }) => {
        await updateDemoDraft(draftId, toDemoDraftPatch(next, latest.current.baseAssets));
        await Promise.all([invalidateDraftLists(queryClient), latest.current.saveBack?.(next)]);
      },
      onStatus: setStatus,
    });
    scheduler.current = current;
    return () => {
      void current.flush();
      current.dispose();
      if (scheduler.current === current) scheduler.current = null;
    };
  }, [draftId, queryClient]);

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
