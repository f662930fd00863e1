import type { Socket } from 'node:net';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * An SMTP sink for tests: enough of RFC 5321 for nodemailer to deliver a message over plain TCP
 * (no STARTTLS or AUTH offered). Each delivered message is captured raw.
 */
export type CapturedMail = { from: string; to: string[]; raw: string };

export type FakeSmtpServer = {
  port: number;
  url: string;
  messages: CapturedMail[];
  /** Resolves once `count` messages have arrived in total. */
  waitForMessages: (count: number) => Promise<CapturedMail[]>;
  close: () => Promise<void>;
};

const addressOf = (arg: string): string => /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim();

export const startFakeSmtpServer = async (): Promise<FakeSmtpServer> => {
  const messages: CapturedMail[] = [];
  const waiters: { count: number; resolve: (m: CapturedMail[]) => void }[] = [];
  const sockets = new Set<Socket>();

  const deliver = (mail: CapturedMail) => {
    messages.push(mail);
    for (const waiter of waiters.filter((w) => messages.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve([...messages]);
    }
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');

    let buffer = '';
    let from = '';
    let to: string[] = [];
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);

    const onLine = (line: string) => {
      if (data) {
        if (line === '.') {
          deliver({ from, to, raw: data.join('\r\n') });
          data = null;
          from = '';
          to = [];
          return reply('250 2.0.0 OK: queued');
        }
        // Dot-stuffing: the client doubled every leading dot.
        data.push(line.startsWith('.') ? line.slice(1) : line);
        return;
      }
      const [verb = '', ...rest] = line.split(' ');
      const arg = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          reply('250-fake-smtp greets you');
          reply('250-8BITMIME');
          return reply('250 SMTPUTF8');
        case 'HELO':
          return reply('250 fake-smtp');
        case 'MAIL':
          from = addressOf(arg.replace(/^FROM:/i, '').split(' ')[0] ?? '');
          return reply('250 2.1.0 OK');
        case 'RCPT':
          to.push(addressOf(arg.replace(/^TO:/i, '')));
          return reply('250 2.1.5 OK');
        case 'DATA':
          if (!to.length) return reply('503 5.5.1 RCPT first');
          data = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          from = '';
          to = [];
          return reply('250 2.0.0 OK');
        case 'NOOP':
          return reply('250 2.0.0 OK');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          return socket.end();
        default:
          return reply('502 5.5.2 Command not implemented');
      }
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        onLine(line);
      }
    });
    reply('220 fake-smtp ESMTP ready');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessages: (count) =>
      messages.length >= count
        ? Promise.resolve([...messages])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
