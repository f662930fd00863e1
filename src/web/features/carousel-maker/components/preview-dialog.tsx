import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Slide } from '../lib/slides';
import { SlideCanvas } from './slide-canvas';

type PreviewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The slides that have images (spec 02 §2.2); the caller checks there is at least one. */
  slides: Slide[];
};

/** Spec 02 §2.2 "Preview": steps through the slides with images, previous/next. */
export const PreviewDialog = ({ open, onOpenChange, slides }: PreviewDialogProps) => {
  const [index, setIndex] = useState(0);
  const at = Math.min(index, Math.max(0, slides.length - 1));
  const slide = slides[at];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setIndex(0);
        onOpenChange(next);
      }}
    >
      <DialogContent className="gap-4 sm:max-w-xl">
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
            type="button"
            variant="outline"
            onClick={() => setIndex(at - 1)}
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
            type="button"
            variant="outline"
            onClick={() => setIndex(at + 1)}
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
