import type { ComponentType } from 'react';
import { lazy } from 'react';

/**
 * A component whose code is fetched on demand, like `React.lazy`, but which renders at once when
 * its code has already arrived. `React.lazy` suspends on its first render even for a module in
 * the cache, and React holds a revealed Suspense boundary for up to 300 ms: a dialog prefetched
 * while the page was idle still opened a third of a second after the click (issue 26 wants a
 * first click answered within 100 ms). `preload` starts the fetch; the first render after it
 * resolved uses the component directly.
 */
export const preloadableLazy = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then((component) => (loaded = component));
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Component = (props: P) => {
    const Ready = loaded;
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  };
  return { Component, preload };
};
