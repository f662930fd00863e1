import { ZSessionResponse, ZSignInResponse, ZSignUpResponse } from '#contract/user';
import { apiRequest } from '@/lib/api-client';
import type { StoredSession } from '@/lib/session-store';

type SessionInfo = { session: { expiresAt: string; token: string } } | null;

/** Reads the session's expiry; near its expiry the server extends the session as it answers. */
export const getSessionInfo = async (token: string): Promise<StoredSession | null> => {
  const response = await fetch('/api/auth/get-session', {
    headers: { Authorization: `Bearer ${token}`, 'Cache-Control': 'no-cache' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const info = (await response.json()) as SessionInfo;
  return info ? { token, expiresAt: new Date(info.session.expiresAt).toISOString() } : null;
};

export const signInWithPassword = async (
  email: string,
  password: string,
): Promise<StoredSession> => {
  const result = ZSignInResponse.parse(
    await apiRequest<unknown>('/api/auth/sign-in/email', { body: { email, password } }),
  );
  const session = await getSessionInfo(result.token);
  if (!session) throw new Error('The new session could not be read');
  return session;
};

export const signUpWithPassword = async (input: {
  fullName: string;
  email: string;
  password: string;
}) => {
  const answer = await apiRequest<unknown>('/api/auth/sign-up/email', {
    body: {
      email: input.email,
      password: input.password,
      name: input.fullName,
      // docs/product/accounts.md rule 5: both set to the name entered.
      fullName: input.fullName,
      displayName: input.fullName,
      // The confirmation e-mail returns the user to the site root.
      callbackURL: '/',
    },
  });
  return { emailConfirmed: ZSignUpResponse.parse(answer).user.emailVerified };
};

export const signOutSession = () => apiRequest<unknown>('/api/auth/sign-out', { body: {} });

export const requestPasswordReset = (email: string) =>
  apiRequest<unknown>('/api/auth/request-password-reset', {
    body: { email, redirectTo: `${window.location.origin}/reset-password` },
  });

/** Sends the confirmation e-mail again (better-auth answers the same whether or not the account exists). */
export const requestConfirmationEmail = (email: string) =>
  apiRequest<unknown>('/api/auth/send-verification-email', { body: { email, callbackURL: '/' } });

export const recoverPassword = async (token: string, password: string): Promise<StoredSession> =>
  ZSessionResponse.parse(
    await apiRequest<unknown>('/api/auth/recover', { body: { token, password } }),
  );
