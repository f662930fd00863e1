import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one chunk PUT through the proxy got: TikTok's status, or "dropped" (the answer lost). */
export type ChunkAnswer = { first: number; answer: number | 'dropped' };

const firstByte = (contentRange: string | undefined) => {
  const match = /^bytes (\d+)-/.exec(contentRange ?? '');
  return match ? Number(match[1]) : null;
};

/**
 * An HTTP proxy in front of a test app, set as its APP_URL, so what the server calls on itself
 * (the TikTok client → the built-in sandbox) passes through it. It records each chunk PUT's
 * answer and can lose one: the chunk reaches the sandbox, which keeps it, and then the connection
 * closes before the answer comes back, as a dropped connection does (decision 181).
 */
export const startDroppingProxy = async () => {
  let target = '';
  let dropChunkAt = -1;
  const chunks: ChunkAnswer[] = [];
  const server = createServer((req, res) => {
    const first = req.method === 'PUT' ? firstByte(req.headers['content-range']) : null;
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        if (first !== null && first === dropChunkAt) {
          dropChunkAt = -1;
          chunks.push({ first, answer: 'dropped' });
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        if (first !== null) chunks.push({ first, answer: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Where requests go: the app's own address, known once it listens. */
    forwardTo: (url: string) => {
      target = url;
    },
    /** Loses the answer to the chunk PUT that starts at this byte, once. */
    dropAnswerOfChunkAt: (byte: number) => {
      dropChunkAt = byte;
    },
    chunks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
