import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createContext, use, useCallback, useEffect, useMemo, useState } from 'react';
import type { TAuthUser } from '#contract/user';
import type { StoredSession } from '@/lib/session-store';
import { onSessionChange, readSession, writeSession } from '@/lib/session-store';
import { getSessionInfo, signInWithPassword, signOutSession, signUpWithPassword } from './auth-api';
import { onUnauthorized } from '@/lib/api-client';
import { queryKeys } from '../query-keys';
import { useUserQuery } from './get-user';
import { SESSION_CHECK_INTERVAL_MS, shouldRefreshSession } from './session-refresh';

type AuthContextValue = {
  session: StoredSession | null;
  user: TAuthUser | null;
  /** True while a stored session is being checked with the user call. */
  isLoading: boolean;
  isAuthenticated: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (input: {
    fullName: string;
    email: string;
    password: string;
  }) => Promise<{ emailConfirmed: boolean }>;
  signOut: () => Promise<void>;
  /** Stores a session obtained elsewhere (password recovery). */
  adoptSession: (session: StoredSession) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<StoredSession | null>(readSession);

  useEffect(() => onSessionChange(setSession), []);

  // Another tab signing in or out changes localStorage; follow it.
  useEffect(() => {
    const onStorage = () => setSession(readSession());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const userQuery = useUserQuery(session !== null);

  // A 401 from the user call (null) signs the user out locally (docs/product/accounts.md rule 4).
  useEffect(() => {
    if (session && userQuery.isSuccess && userQuery.data === null) writeSession(null);
  }, [session, userQuery.isSuccess, userQuery.data]);

  // Any 401 while signed in may mean the session is gone: ask the user call again, which signs
  // out locally if so. A call already in flight is reused, so a burst of 401s checks once.
  useEffect(() => {
    if (!session) return;
    return onUnauthorized(() => {
      void queryClient.refetchQueries({ queryKey: queryKeys.user }, { cancelRefetch: false });
    });
  }, [session, queryClient]);

  // On sign-out every cached answer belongs to the previous user: drop them all.
  useEffect(() => {
    if (!session) queryClient.removeQueries();
  }, [session, queryClient]);

  useEffect(() => {
    if (!session) return;
    const check = async () => {
      const current = readSession();
      if (!current || !shouldRefreshSession(current.expiresAt)) return;
      const refreshed = await getSessionInfo(current.token).catch(() => undefined);
      if (refreshed === null) writeSession(null);
      else if (refreshed) writeSession(refreshed);
    };
    const id = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    void check();
    return () => window.clearInterval(id);
  }, [session]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const next = await signInWithPassword(email, password);
      queryClient.removeQueries();
      writeSession(next);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    await signOutSession().catch(() => undefined);
    writeSession(null);
  }, []);

  const adoptSession = useCallback(
    (next: StoredSession) => {
      queryClient.removeQueries();
      writeSession(next);
    },
    [queryClient],
  );

  // Once the user call has answered 401 the session is over in this very render, not only after
  // the effect above clears it: otherwise pages see "session, no user" for a moment and the
  // access guard sends a signed-out visitor to /onboarding instead of the landing page.
  const sessionEnded = userQuery.isSuccess && userQuery.data === null;
  const liveSession = sessionEnded ? null : session;
  const user = liveSession ? (userQuery.data ?? null) : null;
  const value = useMemo<AuthContextValue>(
    () => ({
      session: liveSession,
      user,
      isLoading: liveSession !== null && userQuery.isPending,
      isAuthenticated: liveSession !== null && user !== null,
      signIn,
      signUp: signUpWithPassword,
      signOut,
      adoptSession,
    }),
    [liveSession, user, userQuery.isPending, signIn, signOut, adoptSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
};

export const useAuth = () => {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
};
