import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { TDraftType } from '#contract/drafts';
import { toast } from '@/components/ui/use-toast';
import { PageHeader } from '@/components/layout/page-header';
import { useCreateDraft } from '../api/create-draft';
import { useDeleteDraft } from '../api/delete-draft';
import { useDraftType } from '../api/get-draft';
import { removeDraftFromList, useDrafts } from '../api/get-drafts';
import { errorMessage } from '../lib/error-message';
import { openDraftSearch, parseCreateSearch } from '../lib/create-search';
import { onRemoveDraft } from '../lib/remove-draft-event';
import { useOpenCampaignItem } from '../hooks/use-open-campaign-item';
import { CampaignItemOpening } from './campaign-item-opening';
import { DraftsGrid } from './drafts-grid';
import { ToolChooser } from './tool-chooser';

export type CarouselToolProps = {
  draftId: string;
  /** Back: the `return` URL when given, else the tool chooser (docs/product/create.md rule 1). */
  onBack: () => void;
};

type CreatePageProps = {
  /** The Carousel Maker, supplied by the app so this feature does not import another. */
  renderCarousel: (props: CarouselToolProps) => ReactNode;
  /** The Hook + Demo editor, supplied the same way (same props). */
  renderVideo: (props: CarouselToolProps) => ReactNode;
};

/**
 * docs/product/create.md rule 1: /create, the tool chooser with the drafts grid, or the open
 * draft's tool.
 */
export const CreatePage = ({ renderCarousel, renderVideo }: CreatePageProps) => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = parseCreateSearch(params);
  const createDraft = useCreateDraft();
  const deleteDraft = useDeleteDraft();
  const drafts = useDrafts();
  // A link may name the draft without its tool; the draft itself says which.
  const draftType = useDraftType(search.draftId && !search.type ? search.draftId : undefined);
  const type = search.type ?? draftType.data;
  const openDraftId = search.draftId;

  const toChooser = useCallback(() => setParams({}), [setParams]);
  const onBack = useCallback(() => {
    if (search.return) void navigate(search.return);
    else toChooser();
  }, [navigate, search.return, toChooser]);

  // docs/product/create.md rule 3: a campaign item opens as its draft; draftItem gives way to
  // draftId.
  const campaignItem = useOpenCampaignItem({
    itemId: openDraftId ? undefined : search.draftItem,
    type: search.type,
    onOpened: useCallback(
      (draft: { id: string; type: TDraftType }) =>
        setParams(openDraftSearch(draft, search.return), { replace: true }),
      [search.return, setParams],
    ),
  });

  const create = useCallback(
    (draftType: TDraftType, replace = false) => {
      createDraft.mutate(
        { type: draftType },
        {
          onSuccess: (draft) => setParams(openDraftSearch(draft, search.return), { replace }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Failed to create draft',
              description: errorMessage(error),
            }),
        },
      );
    },
    [createDraft, search.return, setParams],
  );

  // auto=video opens the video tool on a new draft, once per visit.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (search.auto !== 'video' || openDraftId || autoStarted.current) return;
    autoStarted.current = true;
    create('video', true);
  }, [create, openDraftId, search.auto]);

  // docs/product/create.md rule 4: the remove-draft event takes the draft off the list and closes
  // it if open.
  useEffect(
    () =>
      onRemoveDraft(({ draftId }) => {
        removeDraftFromList(queryClient, draftId);
        if (openDraftId === draftId) setParams({}, { replace: true });
      }),
    [openDraftId, queryClient, setParams],
  );

  const onDelete = (draftId: string) =>
    deleteDraft.mutate(draftId, {
      onSuccess: () => {
        // docs/product/create.md rule 1: deleting the open draft returns to the tool chooser.
        if (openDraftId === draftId) toChooser();
      },
      onError: () => toast({ variant: 'destructive', title: 'Failed to delete draft' }),
    });

  if (campaignItem.active) {
    return (
      <CampaignItemOpening
        error={campaignItem.error}
        onRetry={campaignItem.retry}
        onBack={onBack}
      />
    );
  }
  if (openDraftId && type === 'carousel') {
    return <>{renderCarousel({ draftId: openDraftId, onBack })}</>;
  }
  if (openDraftId && type === 'video') {
    return <>{renderVideo({ draftId: openDraftId, onBack })}</>;
  }
  if (openDraftId && draftType.isPending) {
    return (
      <div role="status" className="flex justify-center py-24 text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-6 animate-spin" />
        <span className="sr-only">Opening draft…</span>
      </div>
    );
  }

  const creating = createDraft.isPending ? (createDraft.variables?.type ?? null) : null;
  return (
    <>
      <PageHeader
        title="Create UGC Ad"
        subtitle="Pick a tool to start a new ad, or continue one of your drafts."
        action={null}
      />
      <ToolChooser onCreate={(t) => create(t)} creating={creating} />
      <DraftsGrid
        drafts={drafts.data}
        isLoading={drafts.isPending}
        isError={drafts.isError}
        onRetry={() => void drafts.refetch()}
        onOpen={(draft) => setParams(openDraftSearch(draft, search.return))}
        onDelete={(draft) => onDelete(draft.id)}
        deletingId={deleteDraft.isPending ? deleteDraft.variables : null}
      />
    </>
  );
};
