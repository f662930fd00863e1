import type { multipart } from './multipart';

/**
 * Calls to a server (or a balancer in front of several) at `appUrl` as a browser on that origin
 * makes them: JSON in and out, multipart uploads, redirects not followed.
 */
export const serverClient = (appUrl: string) => {
  const call = async (
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const res = await fetch(`${appUrl}${url}`, {
      method,
      headers: {
        origin: appUrl,
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  /** A call that must answer 200; its JSON body. */
  const ok = async <T>(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const res = await call(method, url, headers, body);
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
    return JSON.parse(res.text) as T;
  };

  /** A multipart POST that must answer 200; its JSON body. */
  const upload = async <T>(
    url: string,
    headers: Record<string, string>,
    body: ReturnType<typeof multipart>,
  ) => {
    const res = await fetch(`${appUrl}${url}`, {
      method: 'POST',
      headers: { origin: appUrl, ...headers, ...body.headers },
      body: body.payload,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };

  return { call, ok, upload };
};
