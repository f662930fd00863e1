import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
type S3rverInstance = {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: { closeAllConnections?: () => void };
};

// A CommonJS package without type definitions: loaded through require, typed by what we use.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (
  options: S3rverOptions,
) => S3rverInstance;

/**
 * A real S3-compatible server (@20minutes/s3rver, decision 105) on a free loopback port, storing
 * under a temporary folder, with one bucket; the environment that points Hookreel's S3 storage
 * at it. Its credentials are the server's fixed ones.
 */
export const startS3Server = async (bucket = 'hookreel-test') => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'hookreel-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      server.httpServer?.closeAllConnections?.();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
