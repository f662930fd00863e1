import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../../config';
import type { Storage, StoredObject } from './storage';
import {
  assertValidContentType,
  assertValidKey,
  assertValidTtl,
  DEFAULT_SIGNED_URL_TTL_SECONDS,
} from './storage';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

// SigV4 presigned URLs cannot outlive seven days.
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

const describeEndpoint = (config: S3StorageConfig): string => {
  if (!config.endpoint) return `AWS region ${config.region}`;
  try {
    // Only the origin and path: an endpoint URL may carry userinfo that does not belong in logs.
    const url = new URL(config.endpoint);
    return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return 'a custom endpoint';
  }
};

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

export const createS3Storage = (config: S3StorageConfig): Storage => {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without explicit keys the SDK's default chain applies (env, shared files, instance roles).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default of adding CRC checksums to every upload is not understood by all
    // S3-compatible services (older MinIO, some R2 and Supabase setups); S3 itself does not need it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    describe: `storage: s3 bucket ${config.bucket} at ${describeEndpoint(config)}`,

    put: async (key, body, contentType): Promise<StoredObject> => {
      assertValidKey(key);
      assertValidContentType(contentType);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
      return { key, contentType, size: body.length };
    },

    get: async (key) => {
      assertValidKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
        return {
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: result.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    delete: async (key) => {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        // S3 answers 204 for a missing key, but some compatible services answer 404.
        if (!isNotFound(error)) throw error;
      }
    },

    signedUrl: async (key, ttlSeconds = DEFAULT_SIGNED_URL_TTL_SECONDS) => {
      assertValidKey(key);
      assertValidTtl(ttlSeconds);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: Math.min(ttlSeconds, MAX_PRESIGN_SECONDS),
      });
    },

    presignedPut: async (key, contentType, ttlSeconds) => {
      assertValidKey(key);
      assertValidContentType(contentType);
      assertValidTtl(ttlSeconds);
      return getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }),
        { expiresIn: Math.min(ttlSeconds, MAX_PRESIGN_SECONDS) },
      );
    },
  };
};
