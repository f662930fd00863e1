import { ApiError } from './api-client';

/** docs/product/billing.md rule 6: the reason shown when the server does not name one. */
export const DEFAULT_BLOCK_REASON = 'limit';

type Listener = (reason: string) => void;
const listeners = new Set<Listener>();

/**
 * The query client lives outside React and the upgrade dialog inside it; this small channel
 * lets any 402 reach the dialog without the API layer knowing about React.
 */
export const onPaymentRequired = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const isPaymentRequired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 402;

/** Tells the listeners when `error` is a 402; the server's `code` is the reason. */
export const reportPaymentRequired = (error: unknown): boolean => {
  if (!isPaymentRequired(error)) return false;
  const reason = error.code ?? DEFAULT_BLOCK_REASON;
  listeners.forEach((listener) => listener(reason));
  return true;
};
