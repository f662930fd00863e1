import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/types';
import { tiktokSandboxCodes, tiktokSandboxGrants, tiktokSandboxTokens } from './sandbox-schema';
import { PKCE_VERIFIER_FORM, pkceChallenge } from '../tiktok-pkce';
import { hashSecret, newSecret } from './sandbox-secrets';

/**
 * TikTok's current token docs (issue 23; the reference's 24 h and 365 days are older): access
 * tokens about 2 hours, refresh tokens 180 days. Codes live a few minutes, as OAuth advises.
 */
export const ACCESS_TOKEN_SECONDS = 7_200;
export const REFRESH_TOKEN_SECONDS = 180 * 86_400;
const CODE_SECONDS = 300;

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

export const issueSandboxCode = async (
  db: Db,
  input: {
    openId: string;
    clientKey: string;
    redirectUri: string;
    scopes: string[];
    codeChallenge: string | undefined;
  },
) => {
  const code = newSecret('');
  await db.insert(tiktokSandboxCodes).values({
    codeHash: hashSecret(code),
    openId: input.openId,
    clientKey: input.clientKey,
    redirectUri: input.redirectUri,
    scopes: input.scopes.join(','),
    codeChallenge: input.codeChallenge ?? null,
    expiresAt: inSeconds(CODE_SECONDS),
  });
  return code;
};

export type IssuedTokens = {
  openId: string;
  scopes: string;
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
};

const issueTokens = async (
  db: Db,
  grant: { id: string; openId: string; scopes: string },
  refreshExpiresAt: Date,
): Promise<IssuedTokens> => {
  const accessToken = newSecret('act.');
  const refreshToken = newSecret('rft.');
  await db.insert(tiktokSandboxTokens).values([
    {
      tokenHash: hashSecret(accessToken),
      grantId: grant.id,
      kind: 'access',
      expiresAt: inSeconds(ACCESS_TOKEN_SECONDS),
    },
    {
      tokenHash: hashSecret(refreshToken),
      grantId: grant.id,
      kind: 'refresh',
      expiresAt: refreshExpiresAt,
    },
  ]);
  return {
    openId: grant.openId,
    scopes: grant.scopes,
    accessToken,
    refreshToken,
    refreshExpiresAt,
  };
};

export type CodeExchange =
  | { ok: true; tokens: IssuedTokens }
  | {
      ok: false;
      reason: 'unknown' | 'replayed' | 'expired' | 'client' | 'redirect_uri' | 'code_verifier';
    };

/**
 * Spends a code once (a conditional update, so two racing exchanges cannot both win) and
 * issues the grant's first tokens. A replayed code revokes the grant it gave (RFC 6749 §4.1.2).
 */
export const exchangeSandboxCode = (
  db: Db,
  input: { code: string; clientKey: string; redirectUri: string; codeVerifier: string | undefined },
): Promise<CodeExchange> =>
  db.transaction(async (tx) => {
    const codeHash = hashSecret(input.code);
    const [code] = await tx
      .select()
      .from(tiktokSandboxCodes)
      .where(eq(tiktokSandboxCodes.codeHash, codeHash));
    if (!code) return { ok: false, reason: 'unknown' };
    if (code.clientKey !== input.clientKey) return { ok: false, reason: 'client' };
    if (code.usedAt) {
      if (code.grantId) {
        await tx
          .update(tiktokSandboxGrants)
          .set({ revokedAt: sql`now()` })
          .where(
            and(eq(tiktokSandboxGrants.id, code.grantId), isNull(tiktokSandboxGrants.revokedAt)),
          );
      }
      return { ok: false, reason: 'replayed' };
    }
    if (code.expiresAt <= new Date()) return { ok: false, reason: 'expired' };
    if (code.redirectUri !== input.redirectUri) return { ok: false, reason: 'redirect_uri' };
    // PKCE: a code asked for with a challenge is only given for its verifier. The code stays
    // unspent, so the rightful client can still exchange it.
    if (
      code.codeChallenge !== null &&
      (input.codeVerifier === undefined ||
        !PKCE_VERIFIER_FORM.test(input.codeVerifier) ||
        pkceChallenge(input.codeVerifier) !== code.codeChallenge)
    ) {
      return { ok: false, reason: 'code_verifier' };
    }
    const grant = { id: randomUUID(), openId: code.openId, scopes: code.scopes };
    const spent = await tx
      .update(tiktokSandboxCodes)
      .set({ usedAt: sql`now()`, grantId: grant.id })
      .where(and(eq(tiktokSandboxCodes.codeHash, codeHash), isNull(tiktokSandboxCodes.usedAt)))
      .returning({ codeHash: tiktokSandboxCodes.codeHash });
    if (spent.length === 0) return { ok: false, reason: 'replayed' };
    await tx.insert(tiktokSandboxGrants).values({ ...grant, clientKey: input.clientKey });
    return { ok: true, tokens: await issueTokens(tx, grant, inSeconds(REFRESH_TOKEN_SECONDS)) };
  });

export type RefreshResult =
  { ok: true; tokens: IssuedTokens } | { ok: false; reason: 'invalid' | 'client' };

/**
 * Rotates: the refresh token sent is spent (refused ever after) and a new pair is issued; the
 * new refresh token keeps the old one's expiry, so a grant still ends a year after consent.
 */
export const refreshSandboxTokens = (
  db: Db,
  input: { refreshToken: string; clientKey: string },
): Promise<RefreshResult> =>
  db.transaction(async (tx) => {
    const tokenHash = hashSecret(input.refreshToken);
    const [row] = await tx
      .select({
        expiresAt: tiktokSandboxTokens.expiresAt,
        grant: {
          id: tiktokSandboxGrants.id,
          openId: tiktokSandboxGrants.openId,
          scopes: tiktokSandboxGrants.scopes,
          clientKey: tiktokSandboxGrants.clientKey,
        },
      })
      .from(tiktokSandboxTokens)
      .innerJoin(tiktokSandboxGrants, eq(tiktokSandboxGrants.id, tiktokSandboxTokens.grantId))
      .where(
        and(
          eq(tiktokSandboxTokens.tokenHash, tokenHash),
          eq(tiktokSandboxTokens.kind, 'refresh'),
          isNull(tiktokSandboxTokens.usedAt),
          gt(tiktokSandboxTokens.expiresAt, new Date()),
          isNull(tiktokSandboxGrants.revokedAt),
        ),
      );
    if (!row) return { ok: false, reason: 'invalid' };
    if (row.grant.clientKey !== input.clientKey) return { ok: false, reason: 'client' };
    // Conditional, so two racing refreshes with the same token cannot both rotate it.
    const spent = await tx
      .update(tiktokSandboxTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(tiktokSandboxTokens.tokenHash, tokenHash), isNull(tiktokSandboxTokens.usedAt)))
      .returning({ tokenHash: tiktokSandboxTokens.tokenHash });
    if (spent.length === 0) return { ok: false, reason: 'invalid' };
    return { ok: true, tokens: await issueTokens(tx, row.grant, row.expiresAt) };
  });

/** Revoking an access token ends its whole grant (access and refresh tokens alike). */
export const revokeSandboxGrantByAccessToken = async (
  db: Db,
  input: { accessToken: string; clientKey: string },
) => {
  const [row] = await db
    .select({ grantId: tiktokSandboxTokens.grantId, clientKey: tiktokSandboxGrants.clientKey })
    .from(tiktokSandboxTokens)
    .innerJoin(tiktokSandboxGrants, eq(tiktokSandboxGrants.id, tiktokSandboxTokens.grantId))
    .where(
      and(
        eq(tiktokSandboxTokens.tokenHash, hashSecret(input.accessToken)),
        eq(tiktokSandboxTokens.kind, 'access'),
      ),
    );
  if (!row || row.clientKey !== input.clientKey) return false;
  await db
    .update(tiktokSandboxGrants)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tiktokSandboxGrants.id, row.grantId), isNull(tiktokSandboxGrants.revokedAt)));
  return true;
};
