/**
 * docs/product/create.md rule 4: a browser-level event that removes a draft from the hub's list and
 * closes it when it is open, raised for instance after the draft is published. Any feature may
 * raise it by name without importing this module: `window.dispatchEvent(new CustomEvent(name, …))`.
 */
export const REMOVE_DRAFT_EVENT = 'hookreel:remove-draft';

export type RemoveDraftDetail = { draftId: string; reason?: string };

export const dispatchRemoveDraft = (detail: RemoveDraftDetail) =>
  window.dispatchEvent(new CustomEvent<RemoveDraftDetail>(REMOVE_DRAFT_EVENT, { detail }));

/** Calls `listener` with each well-formed event's detail; returns the unsubscribe. */
export const onRemoveDraft = (listener: (detail: RemoveDraftDetail) => void) => {
  const handle = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail as Partial<RemoveDraftDetail> | null;
    if (detail && typeof detail.draftId === 'string' && detail.draftId) {
      listener({
        draftId: detail.draftId,
        ...(typeof detail.reason === 'string' ? { reason: detail.reason } : {}),
      });
    }
  };
  window.addEventListener(REMOVE_DRAFT_EVENT, handle);
  return () => window.removeEventListener(REMOVE_DRAFT_EVENT, handle);
};
