import type { KeyboardEvent } from 'react';
import type { TImageCollection } from '#contract/carousel-images';
import { cn } from '@/lib/utils';

/** Read by screen readers on every tile: what Enter does beyond the single-click selection. */
export const CollectionTileHint = ({ id }: { id: string }) => (
  <span id={id} className="sr-only">
    Click to select. Double-click or press Enter to see its images.
  </span>
);

export const collectionLabel = (c: TImageCollection) => `${c.name} · ${c.count}`;

type CollectionTileProps = {
  collection: TImageCollection;
  selected: boolean;
  onSelect: () => void;
  onOpen: () => void;
  /** Id of the <CollectionTileHint> that describes the tiles. */
  hintId: string;
  className?: string;
};

/**
 * docs/product/carousels.md rule 3: single click selects a collection, double click opens its
 * images. Enter opens too, so the second action is not mouse-only; Space selects like any button.
 */
export const CollectionTile = ({
  collection,
  selected,
  onSelect,
  onOpen,
  hintId,
  className,
}: CollectionTileProps) => {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onSelect();
    onOpen();
  };
  return (
    <button
      type="button"
      onClick={onSelect}
      onDoubleClick={onOpen}
      onKeyDown={onKeyDown}
      data-collection-key={collection.key}
      aria-pressed={selected}
      aria-describedby={hintId}
      title={collectionLabel(collection)}
      className={cn(
        'group relative block aspect-[4/3] w-full overflow-hidden rounded-lg bg-muted text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        selected ? 'ring-[3px] ring-primary ring-offset-2' : 'ring-1 ring-border',
        className,
      )}
    >
      {collection.coverUrl ? (
        <img
          src={collection.coverUrl}
          alt=""
          loading="lazy"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      ) : null}
      <span className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/85 via-black/50 to-transparent px-2 pt-6 pb-1.5 text-[11px] leading-tight font-semibold text-white sm:text-xs">
        <span className="line-clamp-3">{collectionLabel(collection)}</span>
      </span>
    </button>
  );
};
