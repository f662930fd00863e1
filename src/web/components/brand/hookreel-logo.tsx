import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** The play-mark in the brand-gradient square. */
export const LogoMark = ({ className }: { className?: string }) => {
  // Two logos on one page must not share a gradient id; useId's separators are not valid in url().
  const gradientId = `hookreel-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
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
  );
};

/** The mark beside the wordmark. */
export const HookreelLogo = ({ className }: { className?: string }) => (
  <span className={cn('inline-flex items-center gap-2.5', className)}>
    <LogoMark className="size-8 shrink-0" />
    <span className="text-foreground text-lg font-semibold tracking-tight">Hookreel</span>
  </span>
);

/** The logo as the link home, as site headers show it. */
export const HomeLogoLink = () => (
  <Link
    to="/"
    aria-label="Hookreel home"
    className="focus-visible:ring-ring/50 rounded-md focus-visible:ring-[3px] focus-visible:outline-none"
  >
    <HookreelLogo />
  </Link>
);
