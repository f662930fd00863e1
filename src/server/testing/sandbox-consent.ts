import { randomUUID } from 'node:crypto';

export type SandboxAccountChoice = { open_id: string } | { display_name: string; username: string };

/** A test account name no other test in the run uses. */
export const newSandboxAccount = () => {
  const id = randomUUID().slice(0, 8);
  return { display_name: `Test ${id}`, username: `test_${id}` };
};

/**
 * What a seller does on the sandbox's authorize page, over HTTP: open `authorizeUrl` (as the
 * client built it), pick or name a test account, consent. Returns the URL the page would send
 * the browser to (the redirect_uri with `code`, `scopes`, `state`, or with `error`).
 */
export const consentInSandbox = async (
  authorizeUrl: string,
  seller: { headers: { authorization: string } },
  {
    account = newSandboxAccount(),
    grantedScopes,
    deny = false,
  }: { account?: SandboxAccountChoice; grantedScopes?: string[]; deny?: boolean } = {},
) => {
  const url = new URL(authorizeUrl);
  const sandboxBase = url.href.slice(0, url.href.indexOf('/v2/auth/authorize/'));
  const params = Object.fromEntries(url.searchParams);
  const res = await fetch(`${sandboxBase}/api/authorize/${deny ? 'deny' : 'approve'}`, {
    method: 'POST',
    headers: { ...seller.headers, 'content-type': 'application/json' },
    body: JSON.stringify(deny ? { params } : { params, account, granted_scopes: grantedScopes }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sandbox consent failed: ${res.status} ${text}`);
  return new URL((JSON.parse(text) as { redirect_url: string }).redirect_url);
};
