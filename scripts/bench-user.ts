import { randomUUID } from 'node:crypto';
import { readOutbox } from '../src/server/adapters/mail/outbox-mailer';
import type { Config } from '../src/server/config';

/** A new confirmed account signed in over HTTP; its bearer header for the benches' requests. */
export const signedInUser = async (address: string, config: Config, drain: () => Promise<void>) => {
  const email = `bench-${randomUUID()}@example.com`;
  const password = 'bench-password-1';
  const post = (url: string, body: unknown) =>
    fetch(`${address}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.appUrl },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/auth/sign-up/email', { email, password, name: 'Bench User' });
  if (!signUp.ok) throw new Error(`sign-up failed: ${await signUp.text()}`);
  await drain();
  const dir = config.mail.kind === 'outbox' ? config.mail.dir : '';
  const link = (await readOutbox(dir)).find((m) => m.to === email)!.links[0]!;
  const u = new URL(link);
  await fetch(`${address}${u.pathname}${u.search}`, { redirect: 'manual' });
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  const { token } = (await signIn.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
};
