import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubUseAuth } from '@/testing/module-stubs';
import { usePreload } from './use-preload';

const auth = {
  current: {
    user: { id: 'u1' } as { id: string } | null,
    session: { token: 't1' } as { token: string } | null,
  },
};

let fetchMock: ReturnType<typeof vi.fn>;
let queryClient: QueryClient;

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

const productCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/products').length;

let sessionCounter = 0;

beforeEach(() => {
  // A fresh session per test: runs are remembered per signed-in session.
  sessionCounter += 1;
  auth.current = {
    user: { id: 'u1' },
    session: { token: `token-${sessionCounter}` },
  };
  stubUseAuth(() => auth.current);
  queryClient = new QueryClient();
  fetchMock = vi.fn(async () => new Response('Not Found', { status: 404 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePreload', () => {
  it('runs the preload and reports done', async () => {
    const { result } = renderHook(() => usePreload(true), { wrapper });

    await waitFor(() => expect(result.current.done).toBe(true));
    expect(result.current).toEqual({ text: 'Finalizing...', progress: 100, done: true });
    expect(productCalls()).toBe(1);
  });

  it('runs only once per signed-in session, however often it mounts', async () => {
    const first = renderHook(() => usePreload(true), { wrapper });
    await waitFor(() => expect(first.result.current.done).toBe(true));
    first.unmount();

    const second = renderHook(() => usePreload(true), { wrapper });
    expect(second.result.current.done).toBe(true);
    expect(productCalls()).toBe(1);
  });

  it('does nothing while disabled or signed out', async () => {
    const disabled = renderHook(() => usePreload(false), { wrapper });
    auth.current = { user: null, session: null };
    const signedOut = renderHook(() => usePreload(true), { wrapper });

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(disabled.result.current).toEqual({ text: undefined, progress: 0, done: false });
    expect(signedOut.result.current.done).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts again for a new sign-in', async () => {
    const first = renderHook(() => usePreload(true), { wrapper });
    await waitFor(() => expect(first.result.current.done).toBe(true));
    first.unmount();

    auth.current = {
      user: { id: 'u2' },
      session: { token: `token-other-${sessionCounter}` },
    };
    const second = renderHook(() => usePreload(true), { wrapper });
    await waitFor(() => expect(second.result.current.done).toBe(true));
    expect(productCalls()).toBe(2);
  });
});
