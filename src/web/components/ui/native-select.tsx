import type * as React from 'react';
import { ChevronDownIcon } from 'lucide-react';

import { cn } from '@/lib/utils';

type NativeSelectProps = React.ComponentProps<'select'> & {
  /** Classes for the wrapping element (width, margins); `className` goes to the <select>. */
  wrapperClassName?: string;
};

/**
 * A styled native <select>. All props (id, name, value, onChange, aria-*, ref, children
 * <option>s) are forwarded to the <select>, so it works with <Label htmlFor> and form libraries.
 */
const NativeSelect = ({ className, wrapperClassName, ...props }: NativeSelectProps) => (
  <div
    data-slot="native-select-wrapper"
    className={cn('relative w-full has-[select:disabled]:opacity-50', wrapperClassName)}
  >
    <select
      data-slot="native-select"
      className={cn(
        'h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-9 pl-3 text-base shadow-xs transition-[color,box-shadow] outline-none disabled:pointer-events-none disabled:cursor-not-allowed md:text-sm',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        className,
      )}
      {...props}
    />
    <ChevronDownIcon
      aria-hidden="true"
      className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
    />
  </div>
);

const NativeSelectOption = (props: React.ComponentProps<'option'>) => (
  <option data-slot="native-select-option" {...props} />
);

const NativeSelectOptGroup = (props: React.ComponentProps<'optgroup'>) => (
  <optgroup data-slot="native-select-optgroup" {...props} />
);

export { NativeSelect, NativeSelectOption, NativeSelectOptGroup };
export type { NativeSelectProps };
