import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';

/** What the sandbox's routes are given by the composition root. */
export type SandboxOptions = {
  db: Database;
  /** The one client the sandbox knows (Hookreel's own), with its registered redirect URIs. */
  client: { clientKey: string; clientSecret: string; redirectUris: readonly string[] };
  /** `{APP_URL}`: avatar URLs are absolute, like TikTok's CDN links. */
  publicOrigin: string;
  /** The signed-in Hookreel seller of a request (bearer token), or null; app.ts supplies it. */
  signedInUserId: (request: FastifyRequest) => Promise<string | null>;
};
