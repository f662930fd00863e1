import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Mailer, OutboxMessage } from './mailer';
import { extractLinks } from './mailer';

export type OutboxMailerOptions = { dir: string; log: (line: string) => void };

const ZOutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});

// File names sort by time; two messages in the same millisecond (a sign-up sends two) would
// otherwise have no reliable order, so timestamps only ever move forward within the process.
let lastCreatedMs = 0;
const nextCreatedMs = () => {
  lastCreatedMs = Math.max(Date.now(), lastCreatedMs + 1);
  return lastCreatedMs;
};

export const createOutboxMailer = ({ dir, log }: OutboxMailerOptions): Mailer => {
  const absDir = path.resolve(dir);
  return {
    describe: `mail: local outbox at ${absDir} (read it at /dev/mail)`,
    send: async (message) => {
      const createdMs = nextCreatedMs();
      const stored: OutboxMessage = {
        id: randomUUID(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        links: extractLinks(message.text, message.html),
        createdAt: new Date(createdMs).toISOString(),
      };
      await fs.mkdir(absDir, { recursive: true });
      const file = path.join(absDir, `${createdMs}-${stored.id}.json`);
      // Written under another name and renamed, so readOutbox never meets half a message.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, `${JSON.stringify(stored, null, 2)}\n`);
      await fs.rename(tmp, file);
      const link = stored.links[0];
      log(
        `mail: outbox message to ${stored.to}: ${JSON.stringify(stored.subject)}${link ? ` ${link}` : ''}`,
      );
    },
  };
};

/** Messages in the outbox, newest first. Files that cannot be read or parsed are skipped. */
export const readOutbox = async (dir: string): Promise<OutboxMessage[]> => {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => {
        try {
          const parsed = ZOutboxMessage.safeParse(
            JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')),
          );
          return parsed.success ? { name, message: parsed.data } : null;
        } catch {
          return null;
        }
      }),
  );
  const createdMs = (m: OutboxMessage) => Date.parse(m.createdAt) || 0;
  return messages
    .filter((entry) => entry !== null)
    .sort(
      (a, b) =>
        createdMs(b.message) - createdMs(a.message) ||
        (b.name < a.name ? -1 : a.name < b.name ? 1 : 0),
    )
    .map((entry) => entry.message);
};
