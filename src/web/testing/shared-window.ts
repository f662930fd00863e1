import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The `web` project shares one window between the files of a worker (isolate: false, decision
// 146), so what a test may change in it is put back after each test: storage, the address,
// timers, stubbed globals and spies; restoring the spies is what lets a test stand in for a
// module's export without vi.mock (decision 247). Files in `web-isolated` get a fresh window and
// skip this.
// After-hooks run last-registered first, so React unmounts here, before the DOM is emptied.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});
