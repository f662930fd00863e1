import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useAuth } from '@/lib/auth/auth-provider';
import { runPreload } from './preload';

export type PreloadState = {
  /** The preload's current status text; undefined before it starts. */
  text: string | undefined;
  progress: number;
  done: boolean;
};

type Run = { state: PreloadState; listeners: Set<() => void>; controller: AbortController };

const IDLE: PreloadState = { text: undefined, progress: 0, done: false };

/**
 * One run per signed-in session, kept outside React so remounting the loading screen (or a
 * second caller) never starts the preload again. A new sign-in has a new token, and sign-out
 * clears the query cache, so the next session preloads afresh.
 */
const runs = new Map<string, Run>();

const startRun = (key: string, queryClient: QueryClient): Run => {
  // Another session's leftovers must not write into this user's cache.
  for (const [otherKey, other] of runs) {
    if (otherKey === key) continue;
    other.controller.abort();
    runs.delete(otherKey);
  }
  const run: Run = { state: IDLE, listeners: new Set(), controller: new AbortController() };
  const update = (next: Partial<PreloadState>) => {
    run.state = { ...run.state, ...next };
    for (const listener of run.listeners) listener();
  };
  runs.set(key, run);
  void runPreload({
    queryClient,
    signal: run.controller.signal,
    onStep: ({ text, progress }) => update({ text, progress }),
  })
    .catch(() => undefined)
    .finally(() => update({ progress: 100, done: true }));
  return run;
};

/**
 * Runs the data preload once per signed-in user while `enabled`, reporting the loading screen's
 * status text and progress. Disabled or signed out: nothing runs and `done` stays false.
 */
export const usePreload = (enabled: boolean): PreloadState => {
  const queryClient = useQueryClient();
  const { user, session } = useAuth();
  const key = enabled && user && session ? `${user.id}:${session.token}` : null;

  const subscribe = useCallback(
    (listener: () => void) => {
      if (!key) return () => undefined;
      const run = runs.get(key) ?? startRun(key, queryClient);
      run.listeners.add(listener);
      return () => {
        run.listeners.delete(listener);
      };
    },
    [key, queryClient],
  );
  const getSnapshot = () => (key ? (runs.get(key)?.state ?? IDLE) : IDLE);

  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
};
