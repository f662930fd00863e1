import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useReturnFocus } from '@/lib/use-return-focus';
import type { Slide } from '../lib/slides';
import { SlideCanvas } from './slide-canvas';

type PreviewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The slides that have images (docs/product/carousels.md rule 5); the caller checks there is at
   * least one.
   */
  slides: Slide[];
};

/**
 * docs/product/carousels.md rule 5 "Preview": steps through the slides with images, previous/next
 * (or ← →).
 */
export const PreviewDialog = ({ open, onOpenChange, slides }: PreviewDialogProps) => {
  const [index, setIndex] = useState(0);
  // Each opening starts at the first slide (the dialog is opened from outside, not by Radix).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setIndex(0);
  }
  const returnFocus = useReturnFocus();
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const at = Math.min(index, Math.max(0, slides.length - 1));
  const slide = slides[at];

  const go = (to: number) => {
    if (to < 0 || to >= slides.length) return;
    const pressed = document.activeElement;
    flushSync(() => setIndex(to));
    // Reaching either end disables the button just pressed; its partner keeps the focus.
    if (pressed === next.current && next.current?.disabled) previous.current?.focus();
    if (pressed === previous.current && previous.current?.disabled) next.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') go(at - 1);
    else if (event.key === 'ArrowRight') go(at + 1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-4 sm:max-w-xl" onKeyDown={onKeyDown} {...returnFocus}>
        <DialogHeader>
          <DialogTitle>Carousel Preview</DialogTitle>
          <DialogDescription>
            Slide {at + 1} of {slides.length}
          </DialogDescription>
        </DialogHeader>
        {slide ? (
          <SlideCanvas
            text={slide.text}
            imageUrl={slide.imageUrl}
            label={`Slide ${at + 1}: ${slide.text}`}
          />
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <Button
            ref={previous}
            type="button"
            variant="outline"
            onClick={() => go(at - 1)}
            disabled={at === 0}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <ol aria-label="Slides" className="flex items-center gap-1.5">
            {slides.map((s, i) => (
              <li
                key={s.id}
                aria-current={i === at ? 'step' : undefined}
                className={
                  i === at ? 'size-2 rounded-full bg-primary' : 'size-2 rounded-full bg-border'
                }
              >
                <span className="sr-only">Slide {i + 1}</span>
              </li>
            ))}
          </ol>
          <Button
            ref={next}
            type="button"
            variant="outline"
            onClick={() => go(at + 1)}
            disabled={at >= slides.length - 1}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
};
