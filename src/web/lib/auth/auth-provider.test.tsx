import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { readSession, writeSession } from '@/lib/session-store';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { authUserFixture } from '@/testing/fixtures';
import { AuthProvider, useAuth } from './auth-provider';

/** Every state pages saw, to catch "a session but no user and not loading". */
const seen: { session: boolean; isAuthenticated: boolean; isLoading: boolean }[] = [];

const Status = () => {
  const { isAuthenticated, isLoading, session } = useAuth();
  seen.push({ session: session !== null, isAuthenticated, isLoading });
  return <p data-testid="status">{isLoading ? 'loading' : isAuthenticated ? 'in' : 'out'}</p>;
};

const renderProvider = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <Status />
      </AuthProvider>
    </QueryClientProvider>,
  );

let fetchStub: ReturnType<typeof stubFetch>;
let sessionAlive = true;

beforeEach(() => {
  seen.length = 0;
  sessionAlive = true;
  writeSession({ token: 't1', expiresAt: '2099-01-01T00:00:00.000Z' });
  fetchStub = stubFetch((url, init) => {
    const bearer = (init.headers as Record<string, string> | undefined)?.Authorization;
    if (!sessionAlive || bearer !== 'Bearer t1') {
      return apiError(401, 'Sign in to continue', 'unauthorized');
    }
    if (url === '/api/auth/user') return json(authUserFixture({ email: 'maya@example.com' }));
    if (url === '/api/drafts/d1') return json({ id: 'd1' });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  writeSession(null);
});

const userCalls = () => fetchStub.calls('/api/auth/user').length;

describe('AuthProvider', () => {
  it('signs out locally when a call answers 401 because the session has ended on the server', async () => {
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('in'));

    sessionAlive = false;
    await expect(
      apiRequest('/api/drafts/d1', { method: 'PATCH', body: { caption: 'x' } }),
    ).rejects.toThrow(/^401/);

    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('out'));
    expect(readSession()).toBeNull();
    // Never "session, no user, done loading": the access guard would send that to /onboarding.
    expect(seen.filter((s) => s.session && !s.isAuthenticated && !s.isLoading)).toEqual([]);
  });

  it('signs out when the token has been removed from storage behind its back', async () => {
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('in'));

    localStorage.removeItem('hookreel.session');
    await expect(apiRequest('/api/drafts/d1')).rejects.toThrow(/^401/);

    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('out'));
  });

  it('stays signed in when a 401 is not about the session, checking it once for a burst', async () => {
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('in'));
    const before = userCalls();

    fetchStub.setHandler((url) =>
      url === '/api/auth/user'
        ? json(authUserFixture({ email: 'maya@example.com' }))
        : apiError(401, 'Not for you', 'unauthorized'),
    );
    await Promise.allSettled([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);

    await waitFor(() => expect(userCalls()).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(userCalls()).toBe(before + 1);
    expect(screen.getByTestId('status')).toHaveTextContent('in');
    expect(readSession()).not.toBeNull();
  });
});
