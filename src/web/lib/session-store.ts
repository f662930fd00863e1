/**
 * The signed-in session as the browser keeps it: the bearer token and when it expires.
 * Kept in localStorage so a reload stays signed in; the token never goes into a URL.
 */
export type StoredSession = { token: string; expiresAt: string };

const KEY = 'hookreel.session';
type Listener = (session: StoredSession | null) => void;
const listeners = new Set<Listener>();

export const readSession = (): StoredSession | null => {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return typeof parsed.token === 'string' && typeof parsed.expiresAt === 'string'
      ? { token: parsed.token, expiresAt: parsed.expiresAt }
      : null;
  } catch {
    return null;
  }
};

export const writeSession = (session: StoredSession | null) => {
  if (session) localStorage.setItem(KEY, JSON.stringify(session));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener(session);
};

export const onSessionChange = (listener: Listener) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
