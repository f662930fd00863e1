import { vi } from 'vitest';

export const toastMock = vi.fn();

/** The signed-in user's plan as the page sees it. */
export const auth = { plan: 'free' };
