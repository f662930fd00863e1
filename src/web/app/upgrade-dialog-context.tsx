import type { ReactNode } from 'react';
import { createContext, lazy, Suspense, use, useEffect, useMemo, useState } from 'react';
import { useAuth } from '@/lib/auth/auth-provider';
import { DEFAULT_BLOCK_REASON, onPaymentRequired } from '@/lib/payment-required';

type UpgradeDialogContextValue = { openUpgradeDialog: (reason?: string | null) => void };
// Fetched on the first opening only: visitors of the landing page never need it (decision 032).
const UpgradeDialog = lazy(() =>
  import('@/features/billing/components/upgrade-dialog').then((m) => ({
    default: m.UpgradeDialog,
  })),
);

const UpgradeDialogContext = createContext<UpgradeDialogContextValue | null>(null);

/**
 * One upgrade dialog for the whole app (docs/product/billing.md rule 6). Features open it with a
 * reason; any 402 from a query or mutation opens it too, with the server's code as the reason.
 */
export const UpgradeDialogProvider = ({ children }: { children: ReactNode }) => {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(DEFAULT_BLOCK_REASON);
  const [wanted, setWanted] = useState(false);

  const value = useMemo<UpgradeDialogContextValue>(
    () => ({
      openUpgradeDialog: (next) => {
        setReason(next || DEFAULT_BLOCK_REASON);
        setOpen(true);
        setWanted(true);
      },
    }),
    [],
  );

  useEffect(() => onPaymentRequired(value.openUpgradeDialog), [value]);

  return (
    <UpgradeDialogContext value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <UpgradeDialog
            open={open}
            onOpenChange={setOpen}
            reason={reason}
            currentPlan={user?.plan}
          />
        </Suspense>
      )}
    </UpgradeDialogContext>
  );
};

export const useUpgradeDialog = () => {
  const value = use(UpgradeDialogContext);
  if (!value) throw new Error('useUpgradeDialog must be used inside <UpgradeDialogProvider>');
  return value;
};
