import type { ReactNode } from 'react';
import { createContext, Suspense, use, useMemo, useState } from 'react';
import { preloadableLazy } from '@/lib/preloadable-lazy';
import type { AuthNotice, AuthTab } from '@/features/auth/components/auth-dialog';

// The dialog (forms, react-hook-form, the Radix dialog) is fetched when first wanted, so the
// landing page's first load carries none of it (decision 032).
const { Component: AuthDialog, preload: loadAuthDialog } = preloadableLazy(() =>
  import('@/features/auth/components/auth-dialog').then((m) => m.AuthDialog),
);

/** Starts fetching the dialog's code early (the landing page does once it is idle). */
export const prefetchAuthDialog = () => void loadAuthDialog();

type AuthDialogContextValue = { openAuthDialog: (tab?: AuthTab, notice?: AuthNotice) => void };
const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/** One sign-in/sign-up dialog for the whole app, opened from the landing page, pricing and guards. */
export const AuthDialogProvider = ({ children }: { children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('signin');
  const [notice, setNotice] = useState<AuthNotice | undefined>(undefined);
  // Mounted from its first opening on, so closing keeps Radix's exit animation and focus return.
  const [wanted, setWanted] = useState(false);
  const value = useMemo<AuthDialogContextValue>(
    () => ({
      openAuthDialog: (next = 'signin', why) => {
        setTab(next);
        setNotice(why);
        setOpen(true);
        setWanted(true);
      },
    }),
    [],
  );
  return (
    <AuthDialogContext value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <AuthDialog
            open={open}
            onOpenChange={setOpen}
            tab={tab}
            onTabChange={setTab}
            notice={notice}
          />
        </Suspense>
      )}
    </AuthDialogContext>
  );
};

export const useAuthDialog = () => {
  const value = use(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return value;
};
