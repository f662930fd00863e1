import { useId } from 'react';
import { cn } from '@/lib/utils';

/** The play-mark in the brand-gradient square, beside the wordmark. */
export const HookreelLogo = ({ className }: { className?: string }) => {
  // useId's separators are not valid inside url(#…), and two logos must not share an id.
  const gradientId = `hookreel-logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="size-8 shrink-0">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" style={{ stopColor: 'var(--brand-pink)' }} />
            <stop offset="0.55" style={{ stopColor: 'var(--brand-violet)' }} />
            <stop offset="1" style={{ stopColor: 'var(--brand-orange)' }} />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
        <path
          d="M26 21.5v21l17-10.5z"
          fill="#fff"
          stroke="#fff"
          strokeWidth="5"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg font-semibold tracking-tight text-foreground">Hookreel</span>
    </span>
  );
};
