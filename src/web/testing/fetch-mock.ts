import { vi } from 'vitest';

export type FetchHandler = (url: string, init: RequestInit) => Response | undefined;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The `{ error, code }` envelope our API sends with every failure. */
export const apiError = (status: number, error: string, code: string) =>
  json({ error, code }, status);

/**
 * Stubs `fetch` with a routing function; unrouted requests get a 404. `setHandler` swaps the
 * routing mid-test, `calls(path)` lists what reached a path.
 */
export const stubFetch = (initial: FetchHandler = () => undefined) => {
  let handler = initial;
  const fetchMock = vi.fn(
    async (url: string, init: RequestInit = {}) =>
      handler(String(url), init) ?? new Response('Not Found', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    setHandler: (next: FetchHandler) => {
      handler = next;
    },
    calls: (path: string) =>
      fetchMock.mock.calls
        .filter(([url]) => String(url) === path)
        .map(([, init]) => ({
          method: init?.method,
          body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        })),
  };
};
