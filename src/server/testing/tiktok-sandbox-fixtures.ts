import { execFile } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { hashSecret, newSecret } from '../adapters/tiktok/sandbox/sandbox-secrets';
import type { Database } from '../db/client';
import {
  tiktokSandboxAccounts,
  tiktokSandboxGrants,
  tiktokSandboxTokens,
} from '../adapters/tiktok/sandbox/sandbox-schema';
import { resolveFfmpeg } from '../media/ffmpeg-path';
import type { FfmpegSettings } from '../media/ffmpeg-path';

const run = promisify(execFile);

/** A free TCP port on loopback, for an app whose APP_URL must name the port it will listen on. */
export const freePort = async () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * A sandbox test account of `ownerUserId` with an authorized access token, as the Login Kit
 * half leaves them after a consent (its own tests go through the pages; these need a token only).
 */
export const seedSandboxAccount = async (
  db: Database,
  ownerUserId: string,
  {
    scopes = ['user.info.basic', 'video.upload'],
    maxVideoPostDurationSec = 600,
    username = `seller_${randomUUID().slice(0, 8)}`,
  }: { scopes?: string[]; maxVideoPostDurationSec?: number; username?: string } = {},
) => {
  const openId = randomUUID();
  const grantId = randomUUID();
  const accessToken = newSecret('act.');
  await db.insert(tiktokSandboxAccounts).values({
    openId,
    unionId: randomUUID(),
    ownerUserId,
    username,
    displayName: `Test ${username}`,
    maxVideoPostDurationSec,
  });
  await db.insert(tiktokSandboxGrants).values({
    id: grantId,
    openId,
    clientKey: 'sbx_hookreel',
    scopes: scopes.join(','),
  });
  await db.insert(tiktokSandboxTokens).values({
    tokenHash: hashSecret(accessToken),
    grantId,
    kind: 'access',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { openId, accessToken, username };
};

export const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e4572e' } })
    .jpeg()
    .toBuffer();
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#17bebb' } })
    .png()
    .toBuffer();
export const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffc914' } })
    .webp()
    .toBuffer();

/**
 * A short video from ffmpeg's test source: H.264 MP4 by default, 360×640 at 30 fps (the smallest
 * portrait TikTok takes), or another codec and container to try TikTok's rules with.
 */
export const makeMp4 = async (
  ffmpeg: FfmpegSettings,
  {
    seconds = 2,
    fps = 30,
    codec = 'libx264',
    size = '360x640',
    container = 'mp4',
  }: {
    seconds?: number;
    fps?: number;
    codec?: string;
    size?: string;
    container?: 'mp4' | 'mov' | 'webm' | 'mkv';
  } = {},
) => {
  const file = path.join(os.tmpdir(), `sandbox-${randomUUID()}.${container}`);
  const codecArgs: Record<string, string[]> = {
    libx264: ['-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    libx265: ['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-x265-params', 'log-level=error'],
    libvpx: ['-deadline', 'realtime', '-b:v', '300k'],
    'libvpx-vp9': ['-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'],
  };
  await run(
    await resolveFfmpeg(ffmpeg),
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}:rate=${fps}:duration=${seconds}`,
      '-c:v',
      codec,
      ...(codecArgs[codec] ?? []),
      '-y',
      file,
    ],
    { timeout: 60_000 },
  );
  try {
    return await readFile(file);
  } finally {
    await rm(file, { force: true });
  }
};

export type ReceivedWebhook = {
  event: string;
  user_openid: string;
  client_key: string;
  content: Record<string, unknown>;
};

/**
 * A small webhook receiver that checks `TikTok-Signature` as TikTok's docs say (HMAC-SHA256 of
 * `t.body` with the client secret) and keeps what it accepted; `refuseFirstFor` answers 500 to
 * the first webhook about one account (its `user_openid`), whatever other webhooks, of earlier
 * posts and their retries, arrive around it.
 */
export const startWebhookReceiver = async (clientSecret: () => string) => {
  const received: ReceivedWebhook[] = [];
  const refused: string[] = [];
  let refuseFor: string | null = null;
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      const header = String(req.headers['tiktok-signature'] ?? '');
      const t = Number(/t=(\d+)/.exec(header)?.[1]);
      const fresh = Math.abs(Date.now() / 1000 - t) < 300;
      // Written out here rather than reusing the sender's helper, so a wrong signature fails.
      const s = createHmac('sha256', clientSecret()).update(`${t}.${body}`).digest('hex');
      if (!fresh || header !== `t=${t},s=${s}`) {
        refused.push(header);
        res.writeHead(401).end();
        return;
      }
      const hook = JSON.parse(body) as Omit<ReceivedWebhook, 'content'> & { content: string };
      if (refuseFor !== null && hook.user_openid === refuseFor) {
        refuseFor = null;
        res.writeHead(500).end();
        return;
      }
      received.push({ ...hook, content: JSON.parse(hook.content) as Record<string, unknown> });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/tiktok/webhooks`,
    received,
    refused,
    refuseFirstFor: (openId: string) => {
      refuseFor = openId;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
