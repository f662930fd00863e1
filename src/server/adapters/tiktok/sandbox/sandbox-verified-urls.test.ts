import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTikTokClient } from '../tiktok-client';
import type { ListeningTestApp } from '../../../testing/listening-test-app';
import { createListeningTestApp } from '../../../testing/listening-test-app';
import { tikTokApiError } from '../../../testing/sandbox-client-fixture';
import { jpeg, seedSandboxAccount } from '../../../testing/tiktok-sandbox-fixtures';
import { isVerifiedUrl } from './posting-rules';

describe("the app's verified URL properties, as TikTok's portal has them", () => {
  it('a URL prefix covers what starts with it; a domain covers itself and its subdomains over https', () => {
    const properties = ['https://media.example.com/hookreel/', 'cdn.example.net'];
    const verified = (url: string) => isVerifiedUrl(new URL(url), properties);
    expect(verified('https://media.example.com/hookreel/a.jpg')).toBe(true);
    expect(verified('https://media.example.com/other/a.jpg')).toBe(false);
    expect(verified('https://media.example.com/hookreelx/a.jpg')).toBe(false);
    expect(verified('http://media.example.com/hookreel/a.jpg')).toBe(false);
    expect(verified('https://cdn.example.net/a.jpg')).toBe(true);
    expect(verified('https://img.cdn.example.net/a.jpg')).toBe(true);
    expect(verified('http://cdn.example.net/a.jpg')).toBe(false);
    expect(verified('https://evilcdn.example.net/a.jpg')).toBe(false);
    expect(verified('https://example.net/a.jpg')).toBe(false);
    expect(verified('https://user:pw@cdn.example.net/a.jpg')).toBe(false);
  });
});

/**
 * The sandbox with an operator's list of verified prefixes (TIKTOK_SANDBOX_VERIFIED_PREFIXES): a
 * photo off the list is refused at init, and one that answers a redirect is not followed, as
 * TikTok does (it counts any 3xx as a failed pull).
 */
describe('the sandbox pulls photos only from verified prefixes, with no redirect', () => {
  let t: ListeningTestApp;
  let media: ReturnType<typeof createServer>;
  let mediaOrigin: string;

  beforeAll(async () => {
    const picture = await jpeg(720, 1280);
    media = createServer((req, res) => {
      if (req.url === '/ok/moved.jpg') {
        res.writeHead(302, { location: '/ok/a.jpg' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    mediaOrigin = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
    t = await createListeningTestApp(
      {},
      { env: { TIKTOK_SANDBOX_VERIFIED_PREFIXES: `${mediaOrigin}/ok/, cdn.example.net` } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => media?.close(resolve));
  });

  it('takes a verified prefix, refuses the rest, and fails a redirect with photo_pull_failed', async () => {
    expect(t.config.tiktok.sandboxVerifiedPrefixes).toEqual([
      `${mediaOrigin}/ok/`,
      'cdn.example.net',
    ]);
    const seller = await t.createUser();
    const account = await seedSandboxAccount(t.db.db, seller.userId);
    const client = createTikTokClient(t.config.tiktok);
    const settled = async (publishId: string) => {
      await t.jobs.drain(20_000);
      return client.fetchStatus(account.accessToken, publishId);
    };
    const send = (url: string) =>
      client.initPhotoPost(account.accessToken, { photoUrls: [url], photoCoverIndex: 0 });

    const good = await send(`${mediaOrigin}/ok/a.jpg`);
    expect(await settled(good.publishId)).toMatchObject({ status: 'SEND_TO_USER_INBOX' });

    const moved = await send(`${mediaOrigin}/ok/moved.jpg`);
    expect(await settled(moved.publishId)).toMatchObject({
      status: 'FAILED',
      failReason: 'photo_pull_failed',
    });

    // Not on the list: another path of the same host, and the app's own origin.
    for (const url of [`${mediaOrigin}/other/a.jpg`, `${t.appUrl}/files/a.jpg`]) {
      expect(await tikTokApiError(send(url))).toMatchObject({
        code: 'url_ownership_unverified',
        httpStatus: 403,
      });
    }
  });
});
