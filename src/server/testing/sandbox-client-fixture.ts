import { expect } from 'vitest';
import { TikTokApiError } from '../adapters/tiktok/tiktok-api';
import { createTikTokClient } from '../adapters/tiktok/tiktok-client';
import type { ListeningTestApp } from './listening-test-app';
import { createListeningTestApp } from './listening-test-app';
import { startWebhookReceiver } from './tiktok-sandbox-fixtures';

/**
 * The real TikTok client against the built-in sandbox over HTTP, as the sandbox's own tests
 * drive it: a listening test app, its sandbox's webhooks sent to a receiver that checks their
 * signatures, and a signed-in seller. `close` stops the app, then the receiver.
 */
export const createSandboxClientFixture = async () => {
  let app: ListeningTestApp | undefined;
  // The receiver must exist before the app, whose config names its URL; it reads the secret later.
  const hooks = await startWebhookReceiver(() => app!.config.tiktok.clientSecret);
  const close = async () => {
    await app?.close();
    await hooks.close();
  };
  try {
    app = await createListeningTestApp({}, { env: { TIKTOK_SANDBOX_WEBHOOK_URL: hooks.url } });
    const client = createTikTokClient(app.config.tiktok);
    const seller = await app.createUser();
    return { ctx: app, client, hooks, seller, close };
  } catch (error) {
    await close();
    throw error;
  }
};

export type SandboxClientFixture = Awaited<ReturnType<typeof createSandboxClientFixture>>;

/** The TikTokApiError `call` rejects with; the test fails if it resolves or rejects otherwise. */
export const tikTokApiError = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TikTokApiError);
  return error as TikTokApiError;
};
