import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, ImageOff, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { Slide } from '../lib/slides';

type SortableSlideProps = {
  slide: Slide;
  label: string;
  selected: boolean;
  onSelect: () => void;
  /** Absent while the slide is the only one. */
  onDelete?: () => void;
};

const roundButton =
  'absolute top-1 flex size-6 items-center justify-center rounded-full bg-background/90 text-muted-foreground shadow-sm ring-1 ring-border transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * One slide of the panel. The move handle, not the whole card, starts a drag, so the card stays
 * a plain button that selects the slide and Space on it never picks it up.
 */
export const SortableSlide = ({
  slide,
  label,
  selected,
  onSelect,
  onDelete,
}: SortableSlideProps) => {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: slide.id });

  return (
    <li
      ref={setNodeRef}
      data-slide-id={slide.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative w-32 shrink-0', isDragging && 'z-10 opacity-80')}
    >
      <button
        type="button"
        data-slide-select
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={`${label}: ${slide.text.trim() || 'no text'}`}
        className={cn(
          'flex w-full flex-col overflow-hidden rounded-lg border-2 bg-background text-left transition-[border-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          selected
            ? 'border-primary shadow-md'
            : 'border-transparent ring-1 ring-border hover:ring-primary/40',
        )}
      >
        {/* Without an image, the grey the live preview draws on, so the white text reads. */}
        <span className="relative block aspect-square w-full overflow-hidden bg-zinc-600">
          {slide.imageUrl ? (
            <img src={slide.imageUrl} alt="" className="size-full object-cover" loading="lazy" />
          ) : (
            <span className="flex size-full items-center justify-center text-white/70">
              <ImageOff aria-hidden="true" className="size-5" />
            </span>
          )}
          <span
            aria-hidden="true"
            className="absolute inset-x-1.5 bottom-1.5 line-clamp-2 text-[10px] leading-tight font-bold text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.9)]"
          >
            {slide.text}
          </span>
        </span>
        <span className="flex flex-col px-2 py-1.5">
          <span className="text-xs font-medium text-foreground">{label}</span>
          <span className="truncate text-xs text-muted-foreground">{slide.text.trim() || '—'}</span>
        </span>
      </button>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${label}`}
        className={cn(roundButton, 'left-1 cursor-grab touch-none active:cursor-grabbing')}
      >
        <GripVertical aria-hidden="true" className="size-3.5" />
      </button>
      {onDelete ? (
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${label}`}
          className={cn(roundButton, 'right-1 hover:text-destructive')}
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
    </li>
  );
};
