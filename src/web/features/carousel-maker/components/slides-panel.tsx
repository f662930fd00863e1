import { ImageOff, Plus, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { DRAFT_MAX_SLIDES } from '#contract/drafts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Slide } from '../lib/slides';

type SlidesPanelProps = {
  slides: Slide[];
  selectedId: string;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onDelete: (id: string) => void;
};

/** Spec 02 §2.2 slides panel: thumbnail, text and "Slide N"; delete only with more than one. */
export const SlidesPanel = ({
  slides,
  selectedId,
  onSelect,
  onAdd,
  onDelete,
}: SlidesPanelProps) => {
  const canDelete = slides.length > 1;
  // A draft holds at most DRAFT_MAX_SLIDES; one more could never be saved.
  const full = slides.length >= DRAFT_MAX_SLIDES;
  const listRef = useRef<HTMLOListElement>(null);
  // The deleted slide's button takes focus with it; the slide that moves into its place gets it.
  const focusAfterDelete = useRef<number | null>(null);

  useEffect(() => {
    const at = focusAfterDelete.current;
    if (at === null) return;
    focusAfterDelete.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-slide-select]');
    if (buttons?.length) buttons[Math.min(at, buttons.length - 1)]?.focus();
  }, [slides]);

  return (
    <section aria-labelledby="slides-heading" className="rounded-xl border bg-card p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="slides-heading" className="text-sm font-semibold">
          Slides <span className="font-normal text-muted-foreground">({slides.length})</span>
        </h2>
        <div className="flex items-center gap-3">
          {full ? (
            <p id="slides-full" className="text-xs text-muted-foreground">
              Up to {DRAFT_MAX_SLIDES} slides
            </p>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onAdd}
            aria-disabled={full || undefined}
            aria-describedby={full ? 'slides-full' : undefined}
            className="aria-disabled:opacity-50"
          >
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </div>
      <ol ref={listRef} className="flex gap-3 overflow-x-auto pb-1">
        {slides.map((slide, index) => {
          const selected = slide.id === selectedId;
          const label = `Slide ${index + 1}`;
          return (
            <li key={slide.id} className="relative w-32 shrink-0">
              <button
                type="button"
                data-slide-select
                onClick={() => onSelect(slide.id)}
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
                    <img
                      src={slide.imageUrl}
                      alt=""
                      className="size-full object-cover"
                      loading="lazy"
                    />
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
                  <span className="truncate text-xs text-muted-foreground">
                    {slide.text.trim() || '—'}
                  </span>
                </span>
              </button>
              {canDelete ? (
                <button
                  type="button"
                  onClick={() => {
                    focusAfterDelete.current = index;
                    onDelete(slide.id);
                  }}
                  aria-label={`Delete ${label}`}
                  className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-background/90 text-muted-foreground shadow-sm ring-1 ring-border transition-colors outline-none hover:text-destructive focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
};
