import type { ReactNode } from 'react';
import { createContext, use, useEffect, useMemo, useState } from 'react';
import { UpgradeDialog } from '@/features/billing/components/upgrade-dialog';
import { useAuth } from '@/lib/auth/auth-provider';
import { DEFAULT_BLOCK_REASON, onPaymentRequired } from '@/lib/payment-required';

type UpgradeDialogContextValue = { openUpgradeDialog: (reason?: string | null) => void };
const UpgradeDialogContext = createContext<UpgradeDialogContextValue | null>(null);

/**
 * One upgrade dialog for the whole app (spec 01 §2). Features open it with a reason; any 402
 * from a query or mutation opens it too, with the server's code as the reason.
 */
export const UpgradeDialogProvider = ({ children }: { children: ReactNode }) => {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(DEFAULT_BLOCK_REASON);

  const value = useMemo<UpgradeDialogContextValue>(
    () => ({
      openUpgradeDialog: (next) => {
        setReason(next || DEFAULT_BLOCK_REASON);
        setOpen(true);
      },
    }),
    [],
  );

  useEffect(() => onPaymentRequired(value.openUpgradeDialog), [value]);

  return (
    <UpgradeDialogContext value={value}>
      {children}
      <UpgradeDialog open={open} onOpenChange={setOpen} reason={reason} currentPlan={user?.plan} />
    </UpgradeDialogContext>
  );
};

export const useUpgradeDialog = () => {
  const value = use(UpgradeDialogContext);
  if (!value) throw new Error('useUpgradeDialog must be used inside <UpgradeDialogProvider>');
  return value;
};
