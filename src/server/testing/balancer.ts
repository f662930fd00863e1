import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A round-robin load balancer on a loopback port in front of API processes, as a deployment puts
 * one at APP_URL. Like a real one it tries the next process when a connection is refused (a
 * process that died), and never sends a request again once a process may have received it: a
 * process killed mid-request leaves that request failed, as it would in production.
 */
export const startBalancer = async () => {
  const ports: number[] = [];
  let next = 0;
  const pinned: { prefix: string; port: number }[] = [];

  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    triesLeft: number,
  ) => {
    const pin = pinned.find((p) => req.url?.startsWith(p.prefix));
    const port = pin?.port ?? ports[next++ % ports.length]!;
    // A connection per request (no keep-alive): a dead process is then seen as refused, never
    // as a reset on a pooled socket that cannot say whether the request got through.
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && triesLeft > 1 && !pin)
        forward(req, res, body, triesLeft - 1);
      else if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (ports.length === 0) res.writeHead(503).end();
      else forward(req, res, Buffer.concat(chunks), ports.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Sends requests to the API process on this port too. */
    add: (upstreamPort: number) => {
      ports.push(upstreamPort);
    },
    /** Sends the paths under `prefix` to this process only. */
    pin: (prefix: string, upstreamPort: number) => {
      pinned.push({ prefix, port: upstreamPort });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
