import type { ReactNode } from 'react';
import { createContext, use, useMemo, useState } from 'react';
import type { AuthNotice, AuthTab } from '@/features/auth/components/auth-dialog';
import { AuthDialog } from '@/features/auth/components/auth-dialog';

type AuthDialogContextValue = { openAuthDialog: (tab?: AuthTab, notice?: AuthNotice) => void };
const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/** One sign-in/sign-up dialog for the whole app, opened from the landing page, pricing and guards. */
export const AuthDialogProvider = ({ children }: { children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('signin');
  const [notice, setNotice] = useState<AuthNotice | undefined>(undefined);
  const value = useMemo<AuthDialogContextValue>(
    () => ({
      openAuthDialog: (next = 'signin', why) => {
        setTab(next);
        setNotice(why);
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <AuthDialogContext value={value}>
      {children}
      <AuthDialog
        open={open}
        onOpenChange={setOpen}
        tab={tab}
        onTabChange={setTab}
        notice={notice}
      />
    </AuthDialogContext>
  );
};

export const useAuthDialog = () => {
  const value = use(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return value;
};
