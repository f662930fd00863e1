import { ArrowLeft, Loader2, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '../lib/error-message';

type Props = { error: unknown; onRetry: () => void; onBack: () => void };

/** What the hub shows while it opens (or fails to open) a campaign item's draft. */
export const CampaignItemOpening = ({ error, onRetry, onBack }: Props) => {
  if (!error) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-24 text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-6 animate-spin" />
        <span>Opening campaign item…</span>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <p className="font-medium">This campaign item couldn&apos;t be opened.</p>
      <p role="alert" className="text-sm text-muted-foreground">
        {errorMessage(error)}
      </p>
      <div className="mt-2 flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="button" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </div>
  );
};
