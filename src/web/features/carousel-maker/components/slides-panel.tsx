import type { Announcements, DragEndEvent, ScreenReaderInstructions } from '@dnd-kit/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { DRAFT_MAX_SLIDES } from '#contract/drafts';
import { Button } from '@/components/ui/button';
import type { Slide } from '../lib/slides';
import { SortableSlide } from './sortable-slide';

type SlidesPanelProps = {
  slides: Slide[];
  selectedId: string;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onDelete: (id: string) => void;
  /** Moves slide `activeId` to the place of slide `overId`. */
  onMove: (activeId: string, overId: string) => void;
};

export const SLIDE_MOVE_INSTRUCTIONS =
  'To move a slide, focus its handle and press Space or Enter to pick it up. Use the arrow keys to move it, Space or Enter to drop it, or Escape to put it back.';

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable: SLIDE_MOVE_INSTRUCTIONS,
};

/**
 * What a screen reader hears while a slide moves. dnd-kit's defaults speak internal ids; these
 * speak "Slide N" and positions, counted from the order the slides had when picked up.
 */
export const slideAnnouncements = (slides: readonly Slide[]): Announcements => {
  // The position last spoken while a slide is held.
  const lastOver = { current: null as string | null };
  const position = (id: string | number | undefined) =>
    slides.findIndex((s) => s.id === String(id)) + 1;
  const of = `of ${slides.length}`;
  return {
    onDragStart: ({ active }) => {
      lastOver.current = String(active.id);
      return `Picked up Slide ${position(active.id)}. It is at position ${position(active.id)} ${of}.`;
    },
    // dnd-kit reports "over" on every measure, starting with the slide's own place: speak only
    // when the position changes, so "Picked up …" is not talked over at once.
    onDragOver: ({ active, over }) => {
      const at = over ? String(over.id) : null;
      if (at === lastOver.current) return undefined;
      lastOver.current = at;
      return over
        ? `Slide ${position(active.id)} moved to position ${position(over.id)} ${of}.`
        : `Slide ${position(active.id)} is no longer over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Slide ${position(active.id)} dropped at position ${position(over.id)} ${of}.`
        : `Slide ${position(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. Slide ${position(active.id)} is back at position ${position(active.id)} ${of}.`,
  };
};

/**
 * docs/product/carousels.md rule 1 slides panel: thumbnail, text and "Slide N"; delete only with
 * more than one. The landing page promises drag-and-drop to reorder the story: each slide has a
 * handle that moves it by pointer or keyboard (decision 030); the new order reaches the draft
 * through auto-save.
 */
export const SlidesPanel = ({
  slides,
  selectedId,
  onSelect,
  onAdd,
  onDelete,
  onMove,
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

  const announcements = useMemo(() => slideAnnouncements(slides), [slides]);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };

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
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions,
        }}
      >
        <SortableContext items={slides.map((s) => s.id)} strategy={horizontalListSortingStrategy}>
          <ol ref={listRef} className="flex gap-3 overflow-x-auto pb-1">
            {slides.map((slide, index) => (
              <SortableSlide
                key={slide.id}
                slide={slide}
                label={`Slide ${index + 1}`}
                selected={slide.id === selectedId}
                onSelect={() => onSelect(slide.id)}
                onDelete={
                  canDelete
                    ? () => {
                        focusAfterDelete.current = index;
                        onDelete(slide.id);
                      }
                    : undefined
                }
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
};
