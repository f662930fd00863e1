import { ArrowLeft, ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { COLLECTIONS_PER_PAGE } from '#contract/carousel-images';
import type { TImageCollection } from '#contract/carousel-images';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useCollectionImages } from '../api/get-collections';
import { useReturnFocus } from '@/lib/use-return-focus';
import { BUSY_BUTTON_CLASS, busyButtonProps } from '@/lib/busy';
import { clampPage, pageCount, pageItems } from '../lib/paging';
import { CollectionTile, CollectionTileHint } from './collection-tile';

type CollectionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collections: TImageCollection[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** The collection whose images the dialog opens on (double click on the main panel). */
  drillKey: string | null;
  onDrillKeyChange: (key: string | null) => void;
  currentImageUrl: string | undefined;
  onPickImage: (url: string) => void;
  onApply: (key: string) => void;
  applying: boolean;
};

const CollectionImages = ({
  collectionKey,
  currentImageUrl,
  onPickImage,
}: {
  collectionKey: string;
  currentImageUrl: string | undefined;
  onPickImage: (url: string) => void;
}) => {
  const images = useCollectionImages(collectionKey);
  if (images.isPending) {
    return (
      <ul aria-label="Loading images" className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i}>
            <Skeleton className="aspect-square w-full rounded-lg" />
          </li>
        ))}
      </ul>
    );
  }
  if (images.isError) {
    return (
      <p className="py-8 text-center text-sm text-muted-foreground">
        These images couldn&apos;t be loaded.
      </p>
    );
  }
  if (images.data.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-muted-foreground">Collection has no images</p>
    );
  }
  return (
    <ul aria-label={`Images in ${collectionKey}`} className="grid grid-cols-3 gap-3 sm:grid-cols-4">
      {images.data.map((url, i) => (
        <li key={url}>
          <button
            type="button"
            onClick={() => onPickImage(url)}
            aria-pressed={url === currentImageUrl}
            aria-label={`Use image ${i + 1} on this slide`}
            className={cn(
              'block aspect-square w-full overflow-hidden rounded-lg bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              url === currentImageUrl
                ? 'ring-[3px] ring-primary ring-offset-2'
                : 'ring-1 ring-border hover:ring-primary/50',
            )}
          >
            <img src={url} alt="" loading="lazy" className="size-full object-cover" />
          </button>
        </li>
      ))}
    </ul>
  );
};

/**
 * docs/product/carousels.md rule 3 "Select a Collection": 12 per page; double click (or Enter)
 * drills in.
 */
export const CollectionDialog = ({
  open,
  onOpenChange,
  collections,
  selectedKey,
  onSelect,
  drillKey,
  onDrillKeyChange,
  currentImageUrl,
  onPickImage,
  onApply,
  applying,
}: CollectionDialogProps) => {
  const [page, setPage] = useState(0);
  const hintId = useId();
  const returnFocus = useReturnFocus();
  const pages = pageCount(collections.length, COLLECTIONS_PER_PAGE);
  const current = clampPage(page, collections.length, COLLECTIONS_PER_PAGE);
  const visible = pageItems(collections, current, COLLECTIONS_PER_PAGE);

  // Switching views unmounts the focused control; focus follows to the new view: "Back to
  // Collections" after drilling in, the collection's own tile after coming back.
  const backButton = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const focusNext = useRef<{ tile: string } | 'back' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'back') backButton.current?.focus();
    else {
      Array.from(grid.current?.querySelectorAll<HTMLElement>('[data-collection-key]') ?? [])
        .find((tile) => tile.dataset.collectionKey === target.tile)
        ?.focus();
    }
  }, [drillKey]);

  const drillInto = (key: string) => {
    focusNext.current = 'back';
    onDrillKeyChange(key);
  };
  const backToCollections = () => {
    if (drillKey) {
      const at = collections.findIndex((c) => c.key === drillKey);
      if (at >= 0) setPage(Math.floor(at / COLLECTIONS_PER_PAGE));
      focusNext.current = { tile: drillKey };
    }
    onDrillKeyChange(null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-3xl" showCloseButton={false} {...returnFocus}>
        <DialogHeader>
          <DialogTitle>Select a Collection</DialogTitle>
          <DialogDescription>
            {drillKey
              ? 'Click an image to put it on the current slide.'
              : 'Pick a collection for your slides, or open one to choose a single image.'}
          </DialogDescription>
        </DialogHeader>

        {drillKey ? (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">Collection: {drillKey}</h3>
              <Button
                ref={backButton}
                type="button"
                variant="outline"
                size="sm"
                onClick={backToCollections}
              >
                <ArrowLeft aria-hidden="true" />
                Back to Collections
              </Button>
            </div>
            <CollectionImages
              collectionKey={drillKey}
              currentImageUrl={currentImageUrl}
              onPickImage={onPickImage}
            />
          </div>
        ) : (
          <div className="space-y-4">
            <CollectionTileHint id={hintId} />
            {collections.length === 0 ? (
              <p className="py-8 text-center text-sm text-muted-foreground">No collections yet.</p>
            ) : (
              <ul
                ref={grid}
                aria-label="Collections"
                className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
              >
                {visible.map((c) => (
                  <li key={c.key}>
                    <CollectionTile
                      collection={c}
                      selected={c.key === selectedKey}
                      onSelect={() => onSelect(c.key)}
                      onOpen={() => drillInto(c.key)}
                      hintId={hintId}
                    />
                  </li>
                ))}
              </ul>
            )}
            <nav aria-label="Collection pages" className="flex items-center justify-center gap-3">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setPage(current - 1)}
                disabled={current === 0}
              >
                <ChevronLeft aria-hidden="true" />
                Prev
              </Button>
              <span className="text-sm text-muted-foreground" aria-live="polite">
                Page {current + 1} of {pages}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setPage(current + 1)}
                disabled={current >= pages - 1}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          </div>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {selectedKey ? (
            <Button
              type="button"
              onClick={() => onApply(selectedKey)}
              {...busyButtonProps(applying)}
              className={BUSY_BUTTON_CLASS}
            >
              {applying ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Apply to Slides
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
