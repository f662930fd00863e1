import { FileImage, RotateCw, Trash2, Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TDraftSummary } from '#contract/drafts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DRAFT_TYPE_LABEL, draftTitle, formatDraftDate } from '../lib/draft-title';
import { DraftThumbnail } from './draft-thumbnail';

type DraftsGridProps = {
  drafts: TDraftSummary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onOpen: (draft: TDraftSummary) => void;
  onDelete: (draft: TDraftSummary) => void;
  deletingId?: string | null;
};

const DraftCard = ({
  draft,
  onOpen,
  onAskDelete,
  deleting,
}: {
  draft: TDraftSummary;
  onOpen: () => void;
  onAskDelete: () => void;
  deleting: boolean;
}) => {
  const title = draftTitle(draft);
  const TypeIcon = draft.type === 'carousel' ? FileImage : Video;
  return (
    <li className="group relative" data-draft-id={draft.id}>
      <button
        type="button"
        data-action="open"
        onClick={onOpen}
        aria-label={`Open draft: ${title}`}
        className="flex w-full flex-col overflow-hidden rounded-xl border bg-card text-left shadow-xs transition-[border-color,box-shadow,transform] outline-none hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="relative block aspect-square w-full overflow-hidden bg-muted">
          <DraftThumbnail draft={draft} />
        </span>
        <span className="flex flex-col gap-1.5 p-3">
          {/* Wraps rather than truncates: on a phone "Nov 21, …" cut to "Nov 2…" reads as a date. */}
          <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <Badge variant="secondary">
              <TypeIcon aria-hidden="true" />
              {DRAFT_TYPE_LABEL[draft.type]}
            </Badge>
            <time dateTime={draft.updatedAt} className="text-xs text-muted-foreground">
              {formatDraftDate(draft.updatedAt)}
            </time>
          </span>
          <span className="line-clamp-2 min-h-10 text-sm font-medium text-foreground">{title}</span>
        </span>
      </button>
      <Button
        type="button"
        data-action="delete"
        variant="outline"
        size="icon"
        onClick={onAskDelete}
        disabled={deleting}
        aria-label={`Delete draft: ${title}`}
        className="absolute top-2 right-2 size-8 bg-background/90 text-muted-foreground shadow-sm backdrop-blur hover:text-destructive"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
};

/** A card's open or delete button, found by draft id. */
const cardButton = (section: HTMLElement | null, id: string, action: 'open' | 'delete') =>
  Array.from(section?.querySelectorAll<HTMLElement>('li[data-draft-id]') ?? [])
    .find((li) => li.dataset.draftId === id)
    ?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);

/**
 * docs/product/create.md rule 2 "Your Drafts": up to 8 cards; a card opens its draft, the bin
 * deletes it.
 */
export const DraftsGrid = ({
  drafts,
  isLoading,
  isError,
  onRetry,
  onOpen,
  onDelete,
  deletingId,
}: DraftsGridProps) => {
  const [confirming, setConfirming] = useState<TDraftSummary | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /**
   * The confirmation opens from a bin that is no Radix trigger, so Radix would drop focus on
   * <body> when it closes. Cancel goes back to the bin; Delete goes to the card meanwhile and,
   * once the card has left the list, to the card now in its place (or the heading).
   */
  const focusAfter = useRef<{ id: string; index: number; deleted: boolean } | null>(null);

  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending?.deleted || !drafts || drafts.some((d) => d.id === pending.id)) return;
    focusAfter.current = null;
    const next = drafts[Math.min(pending.index, drafts.length - 1)];
    (next ? cardButton(sectionRef.current, next.id, 'open') : headingRef.current)?.focus();
  }, [drafts]);

  const askDelete = (draft: TDraftSummary, index: number) => {
    focusAfter.current = { id: draft.id, index, deleted: false };
    setConfirming(draft);
  };

  return (
    <section ref={sectionRef} aria-labelledby="drafts-heading" className="mt-10">
      <h2
        ref={headingRef}
        id="drafts-heading"
        tabIndex={-1}
        className="mb-4 text-lg font-semibold tracking-tight outline-none"
      >
        Your Drafts
      </h2>
      {isLoading ? (
        <ul
          aria-label="Loading drafts"
          className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
        >
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="overflow-hidden rounded-xl border">
              <Skeleton className="aspect-square w-full rounded-none" />
              <div className="space-y-2 p-3">
                <Skeleton className="h-4 w-20" />
                <Skeleton className="h-4 w-full" />
              </div>
            </li>
          ))}
        </ul>
      ) : isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
          <p className="text-sm text-muted-foreground">Your drafts couldn&apos;t be loaded.</p>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : !drafts || drafts.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-muted/30 px-6 py-10 text-center">
          <p className="font-medium text-foreground">No drafts yet</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Everything you create is saved here as you work.
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {drafts.map((draft, index) => (
            <DraftCard
              key={draft.id}
              draft={draft}
              onOpen={() => onOpen(draft)}
              onAskDelete={() => askDelete(draft, index)}
              deleting={deletingId === draft.id}
            />
          ))}
        </ul>
      )}

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            const pending = focusAfter.current;
            const target =
              pending &&
              cardButton(sectionRef.current, pending.id, pending.deleted ? 'open' : 'delete');
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this draft?</AlertDialogTitle>
            <AlertDialogDescription>This action cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => {
                if (confirming) {
                  if (focusAfter.current) focusAfter.current.deleted = true;
                  onDelete(confirming);
                }
                setConfirming(null);
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
};
