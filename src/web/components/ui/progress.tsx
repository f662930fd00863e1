import type * as React from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';

import { cn } from '@/lib/utils';

type ProgressProps = React.ComponentProps<typeof ProgressPrimitive.Root> & {
  /** Extra classes for the filled bar, e.g. `bg-destructive` when a quota is nearly used. */
  indicatorClassName?: string;
};

const Progress = ({ className, value, max = 100, indicatorClassName, ...props }: ProgressProps) => {
  const clamped = Math.min(Math.max(value ?? 0, 0), max);
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      value={value == null ? value : clamped}
      max={max}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn('h-full w-full flex-1 bg-primary transition-transform', indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
};

export { Progress };
export type { ProgressProps };
