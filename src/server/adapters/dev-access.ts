import type { FastifyRequest } from 'fastify';

/** Decides who may use a development aid (the outbox pages); see decision 014. */
export type DevAccess = (request: FastifyRequest) => Promise<'allowed' | 'refused' | 'hidden'>;

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * The machine itself: the socket's peer is a loopback address (never `request.ip`, which follows
 * X-Forwarded-For when TRUST_PROXY is on) and no proxy says it forwarded the request; a reverse
 * proxy on the same machine connects from loopback too, but on behalf of someone else.
 */
export const isFromThisMachine = (request: FastifyRequest): boolean =>
  LOOPBACK.test(request.raw.socket.remoteAddress ?? '') &&
  FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);

export const createDevAccess = ({
  production,
  operatorEmails,
  signedInEmail,
}: {
  production: boolean;
  /** Lower-case e-mails of OPERATOR_EMAILS. */
  operatorEmails: readonly string[];
  /** The e-mail of the bearer token's user, or null without a valid session. */
  signedInEmail: (request: FastifyRequest) => Promise<string | null>;
}): DevAccess => {
  const operators = new Set(operatorEmails);
  return async (request) => {
    if (production) return 'hidden';
    if (isFromThisMachine(request)) return 'allowed';
    if (operators.size === 0) return 'refused';
    const email = await signedInEmail(request);
    return email !== null && operators.has(email.toLowerCase()) ? 'allowed' : 'refused';
  };
};
