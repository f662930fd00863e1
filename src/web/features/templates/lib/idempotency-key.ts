/**
 * One key per click of "Use" (decision 043). crypto.randomUUID needs a secure context; a server
 * reached over plain HTTP by address still gets a random key from getRandomValues.
 */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};
