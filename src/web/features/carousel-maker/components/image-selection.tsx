import { LayoutGrid, Loader2, UploadCloud, Wand2 } from 'lucide-react';
import type { DragEvent } from 'react';
import { useId, useState } from 'react';
import { COLLECTIONS_ON_PANEL } from '#contract/carousel-images';
import type { TImageCollection } from '#contract/carousel-images';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { BUSY_BUTTON_CLASS, busyButtonProps } from '@/lib/busy';
import { CollectionTile, CollectionTileHint } from './collection-tile';

type ImageSelectionProps = {
  collections: TImageCollection[] | undefined;
  selectedCollection: string | null;
  onSelectCollection: (key: string) => void;
  onOpenCollection: (key: string) => void;
  onBrowseMore: () => void;
  onApplySelected: () => void;
  applying: boolean;
  onAiPick: () => void;
  picking: boolean;
  aiBusy: boolean;
  /** Undefined hides "My Images" (signed-out visitors, docs/product/carousels.md rule 3). */
  myImages: string[] | undefined;
  myImagesLoading: boolean;
  currentImageUrl: string | undefined;
  onPickImage: (url: string) => void;
  onUpload: (files: File[]) => void;
  uploading: boolean;
};

/**
 * docs/product/carousels.md rule 3 "Image Selection": AI Pick, 4 collections + Browse More, My
 * Images, upload.
 */
export const ImageSelection = ({
  collections,
  selectedCollection,
  onSelectCollection,
  onOpenCollection,
  onBrowseMore,
  onApplySelected,
  applying,
  onAiPick,
  picking,
  aiBusy,
  myImages,
  myImagesLoading,
  currentImageUrl,
  onPickImage,
  onUpload,
  uploading,
}: ImageSelectionProps) => {
  const uploadId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const shown = collections?.slice(0, COLLECTIONS_ON_PANEL);
  const selected = collections?.find((c) => c.key === selectedCollection);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (uploading) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onUpload(files);
  };

  return (
    <section aria-labelledby="image-selection-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id="image-selection-heading" className="text-sm font-semibold">
          Image Selection
        </h3>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onAiPick}
          disabled={aiBusy && !picking}
          {...busyButtonProps(picking)}
          className={BUSY_BUTTON_CLASS}
        >
          {picking ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Wand2 aria-hidden="true" />
          )}
          {picking ? 'Picking…' : 'AI Pick'}
        </Button>
      </div>

      <CollectionTileHint id={hintId} />
      <ul aria-label="Collections" className="grid grid-cols-3 gap-3 sm:grid-cols-5">
        {shown === undefined
          ? Array.from({ length: COLLECTIONS_ON_PANEL }, (_, i) => (
              <li key={i}>
                <Skeleton className="aspect-square w-full rounded-lg" />
              </li>
            ))
          : shown.map((c) => (
              <li key={c.key}>
                <CollectionTile
                  collection={c}
                  selected={c.key === selectedCollection}
                  onSelect={() => onSelectCollection(c.key)}
                  onOpen={() => onOpenCollection(c.key)}
                  hintId={hintId}
                  className="aspect-square"
                />
              </li>
            ))}
        <li>
          <button
            type="button"
            onClick={onBrowseMore}
            className="flex aspect-square w-full flex-col items-center justify-center gap-1.5 rounded-lg border border-dashed bg-background text-sm font-medium text-muted-foreground transition-colors outline-none hover:border-primary/50 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <LayoutGrid aria-hidden="true" className="size-5" />
            Browse More
          </button>
        </li>
      </ul>
      {shown?.length === 0 ? (
        // A new install draws its starter collections in the background after the first start;
        // the list refreshes by itself (get-collections.ts) until they arrive.
        <p role="status" className="text-sm text-muted-foreground">
          Preparing the starter image collections… They appear here in about a minute; you can
          upload your own images meanwhile.
        </p>
      ) : null}
      {selected ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-accent/60 px-3 py-2 text-sm">
          <span className="text-accent-foreground">
            Selected: <span className="font-medium">{selected.name}</span>
          </span>
          <Button
            type="button"
            size="sm"
            onClick={onApplySelected}
            disabled={aiBusy}
            {...busyButtonProps(applying)}
            className={BUSY_BUTTON_CLASS}
          >
            {applying ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Apply to Slides
          </Button>
        </div>
      ) : null}

      {myImages !== undefined || myImagesLoading ? (
        <section aria-labelledby="my-images-heading" className="space-y-2">
          <div className="flex items-baseline justify-between gap-2">
            <h4 id="my-images-heading" className="text-sm font-semibold">
              My Images
            </h4>
            <span className="text-xs text-muted-foreground">
              {myImages && myImages.length > 0
                ? `${myImages.length} uploaded`
                : myImagesLoading
                  ? ''
                  : 'No personal images yet'}
            </span>
          </div>
          {myImages && myImages.length > 0 ? (
            <ul
              aria-label="My Images"
              className="grid max-h-56 grid-cols-4 gap-2 overflow-y-auto p-1 sm:grid-cols-6"
            >
              {myImages.map((url, i) => (
                <li key={url}>
                  <button
                    type="button"
                    onClick={() => onPickImage(url)}
                    aria-pressed={url === currentImageUrl}
                    aria-label={`Use my image ${i + 1} on this slide`}
                    className={cn(
                      'block aspect-square w-full overflow-hidden rounded-md bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      url === currentImageUrl
                        ? 'ring-[3px] ring-primary'
                        : 'ring-1 ring-border hover:ring-primary/50',
                    )}
                  >
                    <img src={url} alt="" loading="lazy" className="size-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      <label
        htmlFor={uploadId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50',
          dragging ? 'border-primary bg-accent/60' : 'border-input hover:border-primary/50',
          uploading && 'pointer-events-none opacity-70',
        )}
      >
        {uploading ? (
          <Loader2 aria-hidden="true" className="size-6 animate-spin text-primary" />
        ) : (
          <UploadCloud aria-hidden="true" className="size-6 text-muted-foreground" />
        )}
        <span className="text-sm font-medium text-foreground">
          {uploading ? 'Uploading…' : 'Upload images'}
        </span>
        <span className="text-xs text-muted-foreground">PNG, JPG, GIF up to 10MB</span>
        <input
          id={uploadId}
          type="file"
          accept="image/*"
          multiple
          disabled={uploading}
          className="sr-only"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length > 0) onUpload(files);
          }}
        />
      </label>
    </section>
  );
};
