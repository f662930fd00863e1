import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TDraft } from '#contract/drafts';
import { Button } from '@/components/ui/button';
import { useEditorDraft } from '@/lib/drafts/get-draft';

type DraftGateProps = {
  /** The open draft; without one the editor opens at once on nothing saved. */
  draftId: string | undefined;
  header: ReactNode;
  /** The editor's layout in outline while the draft loads. */
  skeleton: ReactNode;
  /** The editor, on the draft it opens (undefined without a draftId). */
  children: (draft: TDraft | undefined) => ReactNode;
};

/**
 * Both editors (docs/product/create.md rule 4) load their draft first and open only on what it
 * holds.
 */
export const DraftGate = ({ draftId, header, skeleton, children }: DraftGateProps) => {
  const draft = useEditorDraft(draftId);

  if (draftId && draft.isError) {
    return (
      <>
        {header}
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <p className="font-medium">This draft couldn&apos;t be opened.</p>
          <p className="text-sm text-muted-foreground">It may have been deleted.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void draft.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </>
    );
  }
  // Only a copy fetched now: a cached one could predate the last auto-save.
  if (draftId && !(draft.data && draft.isFetchedAfterMount)) {
    return (
      <>
        {header}
        <div role="status" aria-label="Loading draft" className="space-y-6">
          {skeleton}
        </div>
      </>
    );
  }
  return children(draft.data);
};
