import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';
import { createTestApp } from './test-app';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * A test app listening on a real port whose APP_URL is that port, so what the server calls on
 * itself over HTTP (the TikTok client → the built-in sandbox) reaches it, as in production.
 */
export const createListeningTestApp = async (
  overrides: Partial<Config> = {},
  options: Parameters<typeof createTestApp>[1] = {},
) => {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp(overrides, {
    ...options,
    env: { APP_URL: appUrl, ...options.env },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, appUrl };
};

export type ListeningTestApp = Awaited<ReturnType<typeof createListeningTestApp>>;
