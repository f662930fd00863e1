import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBalancer } from './balancer';

type Upstream = { port: number; sockets: Set<Socket>; close: () => Promise<void> };

/** An API process stand-in answering its name; `dropReused` resets a request on a reused socket. */
const upstream = async (name: string, { dropReused = false } = {}): Promise<Upstream> => {
  const sockets = new Set<Socket>();
  const served = new WeakMap<Socket, number>();
  const server = http.createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (dropReused && count > 1) {
      req.socket.resetAndDestroy();
      return;
    }
    req.resume();
    req.on('end', () => res.end(name));
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    sockets,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const started = async (...ups: Upstream[]) => {
  const balancer = await startBalancer();
  for (const up of ups) {
    closers.push(up.close);
    balancer.add(up.port);
  }
  closers.push(balancer.close);
  const call = async (method: string) => {
    const res = await fetch(`${balancer.url}/api/x`, { method });
    return { status: res.status, text: await res.text() };
  };
  return { balancer, call };
};

describe('the bench balancer', () => {
  it('keeps connections alive for reads and opens one per request for anything else', async () => {
    const a = await upstream('a');
    const { call } = await started(a);
    for (let i = 0; i < 3; i++) expect(await call('GET')).toEqual({ status: 200, text: 'a' });
    expect(a.sockets.size).toBe(1);
    for (let i = 0; i < 3; i++) expect(await call('POST')).toEqual({ status: 200, text: 'a' });
    expect(a.sockets.size).toBe(4);
  });

  it('sends a read reset on a reused connection to the next process', async () => {
    const a = await upstream('a', { dropReused: true });
    const b = await upstream('b');
    const { balancer, call } = await started(a, b);
    // Round robin: a on a new connection, b, then a again on the kept one, which a resets.
    expect((await call('GET')).text).toBe('a');
    expect((await call('GET')).text).toBe('b');
    expect(await call('GET')).toEqual({ status: 200, text: 'b' });
    expect(balancer.served.map((s) => s.status)).toEqual([200, 200, 200]);
  });
});
