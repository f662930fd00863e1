import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an S3-compatible service, speaking just enough of the path-style REST API for
 * the real SDK client to run against it in tests: PUT, GET, HEAD and DELETE of single objects,
 * kept in memory. Signatures are not verified, but a request must carry one (header or presigned
 * query) and a presigned one must not have expired, so an unsigned URL is caught.
 */
export type FakeS3Object = { body: Buffer; contentType: string; etag: string; lastModified: Date };

export type FakeS3Server = {
  /** e.g. http://127.0.0.1:54321, for the client's `endpoint` with forcePathStyle. */
  endpoint: string;
  /** Objects by `<bucket>/<key>`. */
  objects: Map<string, FakeS3Object>;
  requests: { method: string; bucket: string; key: string; presigned: boolean }[];
  close: () => Promise<void>;
};

const xmlEscape = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const sendError = (
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  resource: string,
  withBody = true,
) => {
  const requestId = randomUUID();
  res.writeHead(status, { 'Content-Type': 'application/xml', 'x-amz-request-id': requestId });
  res.end(
    withBody
      ? `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code>` +
          `<Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource>` +
          `<RequestId>${requestId}</RequestId></Error>`
      : undefined,
  );
};

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

// X-Amz-Date is the compact ISO form, e.g. 20240102T030405Z.
const parseAmzDate = (value: string): number | null =>
  AMZ_DATE.test(value) ? Date.parse(value.replace(AMZ_DATE, '$1-$2-$3T$4:$5:$6Z')) : null;

const checkAuth = (req: IncomingMessage, url: URL): { ok: true } | { ok: false; why: string } => {
  if (req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) return { ok: true };
  if (!url.searchParams.get('X-Amz-Signature')) return { ok: false, why: 'Request is not signed.' };
  const signedAt = parseAmzDate(url.searchParams.get('X-Amz-Date') ?? '');
  const expiresIn = Number(url.searchParams.get('X-Amz-Expires'));
  if (signedAt === null || !Number.isFinite(expiresIn)) {
    return { ok: false, why: 'Presigned request is missing its date or lifetime.' };
  }
  if (Date.now() > signedAt + expiresIn * 1000) return { ok: false, why: 'Request has expired' };
  return { ok: true };
};

export const startFakeS3Server = async (): Promise<FakeS3Server> => {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Server['requests'] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const [bucketPart = '', ...keyParts] = url.pathname.slice(1).split('/');
    const bucket = decodeURIComponent(bucketPart);
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
    const method = req.method ?? 'GET';
    const isHead = method === 'HEAD';
    requests.push({ method, bucket, key, presigned: url.searchParams.has('X-Amz-Signature') });

    const auth = checkAuth(req, url);
    if (!auth.ok) return sendError(res, 403, 'AccessDenied', auth.why, url.pathname, !isHead);
    if (!bucket || !key) {
      return sendError(
        res,
        501,
        'NotImplemented',
        'Only object operations are supported.',
        url.pathname,
        !isHead,
      );
    }
    const id = `${bucket}/${key}`;

    switch (method) {
      case 'PUT': {
        // aws-chunked uploads interleave signatures with the data; storing them would corrupt
        // the object, so fail loudly instead.
        if (String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-')) {
          return sendError(
            res,
            501,
            'NotImplemented',
            'Chunked uploads are not supported.',
            url.pathname,
          );
        }
        const body = await readBody(req);
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(id, {
          body,
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
          etag,
          lastModified: new Date(),
        });
        res.writeHead(200, { ETag: etag });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(id);
        if (!object) {
          return sendError(
            res,
            404,
            'NoSuchKey',
            'The specified key does not exist.',
            url.pathname,
            !isHead,
          );
        }
        res.writeHead(200, {
          'Content-Type': object.contentType,
          'Content-Length': object.body.length,
          ETag: object.etag,
          'Last-Modified': object.lastModified.toUTCString(),
        });
        return res.end(isHead ? undefined : object.body);
      }
      case 'DELETE':
        objects.delete(id);
        res.writeHead(204);
        return res.end();
      default:
        return sendError(res, 405, 'MethodNotAllowed', `${method} is not supported.`, url.pathname);
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', String(error), req.url ?? '/');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps connections alive; close() alone would wait for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
