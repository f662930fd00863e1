import type * as React from 'react';
import { Slider as SliderPrimitive } from 'radix-ui';

import { cn } from '@/lib/utils';

type SliderProps = React.ComponentProps<typeof SliderPrimitive.Root> & {
  /** The thumb is the control screen readers reach: it carries the name and the spoken value. */
  thumbLabel: string;
  thumbValueText?: string;
};

/** One-thumb slider (Radix): arrow keys, Home/End and Page keys work as on a native range. */
const Slider = ({ className, thumbLabel, thumbValueText, ...props }: SliderProps) => (
  <SliderPrimitive.Root
    data-slot="slider"
    className={cn(
      'relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50',
      className,
    )}
    {...props}
  >
    <SliderPrimitive.Track
      data-slot="slider-track"
      className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-primary/15"
    >
      <SliderPrimitive.Range data-slot="slider-range" className="absolute h-full bg-primary" />
    </SliderPrimitive.Track>
    <SliderPrimitive.Thumb
      data-slot="slider-thumb"
      aria-label={thumbLabel}
      aria-valuetext={thumbValueText}
      className="block size-4 shrink-0 rounded-full border border-primary bg-background shadow-sm transition-[color,box-shadow] hover:ring-4 hover:ring-ring/50 focus-visible:ring-4 focus-visible:ring-ring/50 focus-visible:outline-hidden"
    />
  </SliderPrimitive.Root>
);

export { Slider };
