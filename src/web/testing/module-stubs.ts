import { vi } from 'vitest';
import * as toasts from '@/components/ui/use-toast';
import * as authProvider from '@/lib/auth/auth-provider';
import * as browserLocation from '@/lib/browser-location';

// Stand-ins for the exports the web tests replace most. The web project keeps its modules
// between the files of a worker (decision 146), where vi.mock would replace a module for the
// files after it too; a spy on the module's export is undone after each test by
// shared-window.ts instead, so a test file sets these up in its beforeEach (decision 247).

type Auth = ReturnType<typeof authProvider.useAuth>;

/**
 * useAuth answers what `answer` returns at each call, without an AuthProvider: only the fields
 * the code under test reads, which may change during a test.
 */
export const stubUseAuth = (answer: () => Partial<Record<keyof Auth, unknown>>) =>
  vi.spyOn(authProvider, 'useAuth').mockImplementation(() => answer() as Auth);

/** toast records its calls and shows nothing. */
export const stubToast = () =>
  vi.spyOn(toasts, 'toast').mockImplementation(() => ({
    id: 'stub',
    dismiss: () => {},
    update: () => {},
  }));

/** assignLocation records where the page would go: jsdom cannot navigate. */
export const stubAssignLocation = () =>
  vi.spyOn(browserLocation, 'assignLocation').mockImplementation(() => {});
