import { FlaskConical } from 'lucide-react';
import { TIKTOK_NOT_CONFIGURED, TIKTOK_SANDBOX_LABEL } from '#contract/tiktok-mode';
import { Badge } from '@/components/ui/badge';
import { useTikTokMode } from '@/lib/tiktok/tiktok-mode';
import { cn } from '@/lib/utils';

/**
 * "TikTok sandbox" beside an account or a post of the built-in sandbox, so nobody takes a test
 * inbox for TikTok (decision 063). Nothing on a server that talks to TikTok itself.
 */
export const TikTokSandboxBadge = ({ className }: { className?: string }) =>
  useTikTokMode() === 'sandbox' ? (
    <Badge variant="outline" className={cn('gap-1', className)}>
      <FlaskConical aria-hidden="true" />
      {TIKTOK_SANDBOX_LABEL}
    </Badge>
  ) : null;

/** Where a seller would connect or post, on a server without TikTok: the reason, in words. */
export const TikTokNotConfiguredNote = ({ className }: { className?: string }) =>
  useTikTokMode() === 'off' ? (
    <p role="note" className={cn('text-sm text-muted-foreground', className)}>
      {TIKTOK_NOT_CONFIGURED}
    </p>
  ) : null;
