import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeTikTokServer } from '../../testing/fakes/fake-tiktok-server';
import { TikTokApiError } from './tiktok-api';
import { createTikTokClient } from './tiktok-client';

/**
 * The client's reading of what the sandbox never sends: int64 ids past 2^53, failures with a
 * log_id, 429s with Retry-After, OAuth errors with HTTP 200, no answer at all. A local fake of
 * TikTok's hosts answers over HTTP; the client is built from the real `kind: tiktok` config.
 */

let fake: Awaited<ReturnType<typeof startFakeTikTokServer>>;
const lines: string[] = [];

const configured = (env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: '/tmp/hookreel-unused',
    APP_SECRET: 'test-secret-0123456789abcdef0123456789',
    TIKTOK_CLIENT_KEY: 'awkey123',
    TIKTOK_CLIENT_SECRET: 'client-secret-value',
    TIKTOK_REDIRECT_URI: 'https://app.example/api/tiktok/auth/callback',
    ...env,
  }).tiktok;

const clientOnFake = (timeoutMs?: number) =>
  createTikTokClient({
    ...configured({ TIKTOK_API_ORIGIN: fake.origin, TIKTOK_AUTH_ORIGIN: fake.origin }),
    timeoutMs,
    log: (line) => lines.push(line),
  });

const envelope = (data: unknown, code = 'ok', logId = '202611240000000000ABCDEF') =>
  `{"data":${typeof data === 'string' ? data : JSON.stringify(data)},"error":{"code":"${code}","message":"m","log_id":"${logId}"}}`;

const caught = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TikTokApiError);
  return error as TikTokApiError;
};

beforeAll(async () => {
  fake = await startFakeTikTokServer();
});
afterAll(async () => {
  await fake.close();
});

describe('TikTok client (kind tiktok)', () => {
  it('uses TikTok’s own origins unless told otherwise', () => {
    const config = configured();
    expect(config).toMatchObject({
      kind: 'tiktok',
      apiOrigin: 'https://open.tiktokapis.com',
      authOrigin: 'https://www.tiktok.com',
    });
    const client = createTikTokClient(config);
    const url = new URL(
      client.authorizeUrl({
        state: 'abc',
        scopes: ['user.info.basic'],
        disableAutoAuth: false,
        codeChallenge: 'c'.repeat(64),
      }),
    );
    // PKCE on every authorize request (decision 056).
    expect(url.searchParams.get('code_challenge')).toBe('c'.repeat(64));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(`${url.origin}${url.pathname}`).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(url.searchParams.get('client_key')).toBe('awkey123');
    expect(url.searchParams.has('disable_auto_auth')).toBe(false);
    expect(client.describe).toMatch(/^https:\/\/open\.tiktokapis\.com /);
  });

  it('keeps int64 post ids exact', async () => {
    fake.reply('POST /v2/post/publish/status/fetch/', {
      status: 200,
      body: envelope(
        '{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7234567890123456789,12],"uploaded_bytes":10485760}',
      ),
    });
    const status = await clientOnFake().fetchStatus('act.x', 'v_inbox_file~v2.1');
    expect(status).toEqual({
      status: 'PUBLISH_COMPLETE',
      failReason: null,
      publiclyAvailablePostIds: ['7234567890123456789', '12'],
      uploadedBytes: 10485760,
      downloadedBytes: null,
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer act.x');
    expect(JSON.parse(sent.body)).toEqual({ publish_id: 'v_inbox_file~v2.1' });
  });

  it('surfaces the envelope’s code and log_id, and logs the log_id without the token', async () => {
    fake.reply('POST /v2/post/publish/content/init/', {
      status: 403,
      body: envelope({}, 'spam_risk_too_many_pending_share', '20261124LOGID0001'),
    });
    const error = await caught(
      clientOnFake().initPhotoPost('act.secret-token', {
        photoUrls: ['https://app.example/a.jpg'],
        photoCoverIndex: 0,
        title: 'T',
      }),
    );
    expect(error).toMatchObject({
      code: 'spam_risk_too_many_pending_share',
      httpStatus: 403,
      logId: '20261124LOGID0001',
      retryAfterSeconds: null,
    });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({
      post_info: { title: 'T' },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_cover_index: 0,
        photo_images: ['https://app.example/a.jpg'],
      },
      post_mode: 'MEDIA_UPLOAD',
      media_type: 'PHOTO',
    });
    expect(lines.at(-1)).toContain('20261124LOGID0001');
    expect(lines.join('\n')).not.toContain('secret-token');
  });

  it('turns a 429 into retryAfterSeconds from Retry-After', async () => {
    fake.reply('POST /v2/post/publish/inbox/video/init/', {
      status: 429,
      headers: { 'retry-after': '17' },
      body: envelope({}, 'rate_limit_exceeded'),
    });
    const error = await caught(
      clientOnFake().initInboxVideo('act.x', { videoSize: 10, chunkSize: 10, totalChunkCount: 1 }),
    );
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', retryAfterSeconds: 17 });
  });

  it('reads OAuth failures from the body even with HTTP 200, and sends the form TikTok expects', async () => {
    fake.reply('POST /v2/oauth/token/', {
      status: 200,
      body: '{"error":"invalid_grant","error_description":"Authorization code is expired.","log_id":"LOG200"}',
    });
    const error = await caught(clientOnFake().exchangeCode('c0de*', 'verifier-of-the-state'));
    expect(error).toMatchObject({ code: 'invalid_grant', httpStatus: 200, logId: 'LOG200' });
    const sent = fake.requests.at(-1)!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      client_key: 'awkey123',
      client_secret: 'client-secret-value',
      code: 'c0de*',
      grant_type: 'authorization_code',
      redirect_uri: 'https://app.example/api/tiktok/auth/callback',
      code_verifier: 'verifier-of-the-state',
    });
  });

  it('treats a 5xx without an envelope as internal_error worth retrying', async () => {
    fake.reply('POST /v2/post/publish/creator_info/query/', {
      status: 502,
      body: '<html>Bad gateway</html>',
    });
    const error = await caught(clientOnFake().creatorInfo('act.x'));
    expect(error).toMatchObject({ code: 'internal_error', httpStatus: 502 });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('gives up on a request that never answers, with a timeout error', async () => {
    fake.reply('GET /v2/user/info/', { status: 200, body: '', hang: true });
    const error = await caught(clientOnFake(300).userInfo('act.x', ['user.info.basic']));
    expect(error).toMatchObject({ code: 'timeout', httpStatus: 504 });
  });

  it('PUTs a chunk with Content-Range and reads the receiver’s statuses', async () => {
    fake.reply('PUT /upload/', { status: 206, body: '' });
    const client = clientOnFake();
    await client.uploadChunk(
      `${fake.origin}/upload/?upload_id=1&upload_token=tok`,
      new Uint8Array([1, 2, 3]),
      { first: 0, last: 2, total: 6 },
      'video/mp4',
    );
    const sent = fake.requests.at(-1)!;
    expect(sent.headers['content-range']).toBe('bytes 0-2/6');
    expect(sent.headers['content-type']).toBe('video/mp4');
    fake.reply('PUT /upload/', { status: 416, body: '' });
    const error = await caught(
      client.uploadChunk(
        `${fake.origin}/upload/?upload_token=tok`,
        new Uint8Array([4]),
        { first: 5, last: 5, total: 6 },
        'video/mp4',
      ),
    );
    expect(error).toMatchObject({ code: 'content_range_mismatch', httpStatus: 416 });
    expect(lines.join('\n')).not.toContain('upload_token');
  });
});
