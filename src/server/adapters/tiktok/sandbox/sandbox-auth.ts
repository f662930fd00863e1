import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/types';
import { tiktokSandboxAccounts, tiktokSandboxGrants, tiktokSandboxTokens } from './sandbox-schema';
import { accessTokenInvalid } from './sandbox-envelope';
import { hashSecret } from './sandbox-secrets';

export type SandboxCaller = {
  openId: string;
  scopes: string[];
  /** The Hookreel seller the test account belongs to. */
  ownerUserId: string;
  /** The access token's digest: per-token rate limits count against it. */
  tokenHash: string;
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The sandbox's bearer check, as TikTok's API does it: an unknown, expired or revoked access
 * token is `access_token_invalid` (401). Throws a `SandboxEnvelopeError` for the route to send.
 */
export const authenticateSandboxToken = async (
  db: Db,
  authorizationHeader: string | undefined,
): Promise<SandboxCaller> => {
  const token = authorizationHeader?.match(BEARER)?.[1];
  if (!token) throw accessTokenInvalid();
  const tokenHash = hashSecret(token);
  const [row] = await db
    .select({
      openId: tiktokSandboxGrants.openId,
      scopes: tiktokSandboxGrants.scopes,
      ownerUserId: tiktokSandboxAccounts.ownerUserId,
    })
    .from(tiktokSandboxTokens)
    .innerJoin(tiktokSandboxGrants, eq(tiktokSandboxGrants.id, tiktokSandboxTokens.grantId))
    .innerJoin(tiktokSandboxAccounts, eq(tiktokSandboxAccounts.openId, tiktokSandboxGrants.openId))
    .where(
      and(
        eq(tiktokSandboxTokens.tokenHash, tokenHash),
        eq(tiktokSandboxTokens.kind, 'access'),
        gt(tiktokSandboxTokens.expiresAt, new Date()),
        isNull(tiktokSandboxGrants.revokedAt),
      ),
    );
  if (!row) throw accessTokenInvalid();
  return {
    openId: row.openId,
    scopes: row.scopes.split(',').filter(Boolean),
    ownerUserId: row.ownerUserId,
    tokenHash,
  };
};
