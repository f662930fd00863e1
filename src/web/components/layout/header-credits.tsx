import { QueryClientContext } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useContext } from 'react';
import { useEntitlements } from '@/lib/entitlements';

/**
 * The page header's credits (decision 046): the generations left this period, from
 * GET /api/entitlements. Nothing is shown until that answer is in, never a made-up figure.
 */
export const HeaderCredits = () =>
  // Pages are also rendered on their own (component tests) without the app's query client;
  // the header then simply has no credits rather than failing the whole page.
  useContext(QueryClientContext) ? <Credits /> : null;

const Credits = () => {
  const { data } = useEntitlements();
  if (!data) return null;
  const left = Math.max(0, data.remainingQuota);
  return (
    <p
      className="inline-flex h-9 items-center gap-1.5 rounded-md border px-3 text-sm font-medium tabular-nums"
      title={
        data.limit === null
          ? 'Your plan has no generation quota'
          : `${left} of ${data.limit} generations left this period`
      }
    >
      <Coins className="size-4 text-amber-500" aria-hidden="true" />
      <span>
        {left} {left === 1 ? 'credit' : 'credits'}
        <span className="sr-only"> left this period</span>
      </span>
    </p>
  );
};
