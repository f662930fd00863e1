import { useEffect, useMemo, useState } from 'react';
import type { TSandboxAuthorizeView } from '#contract/tiktok-sandbox';
import { CenteredPage } from '@/components/layout/centered-page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import {
  approveAuthorization,
  denyAuthorization,
  fetchAuthorizeView,
} from '../api/sandbox-authorize-api';
import { authorizeParamsFrom, REQUIRED_SCOPE, SCOPE_LABELS } from '../lib/scope-labels';
import { NEW_ACCOUNT, TestAccountPicker } from './test-account-picker';

type Consent = Extract<TSandboxAuthorizeView, { status: 'consent' }>;

const leave = (url: string) => window.location.assign(url);

const message = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : 'Something went wrong. Try again.';

/**
 * The built-in TikTok sandbox's authorize page (`/tiktok-sandbox/v2/auth/authorize/`): the
 * signed-in seller picks or names a test account and consents, and the browser goes back to the
 * app's redirect_uri with the code, as TikTok's own page does (decision 024).
 */
export const SandboxAuthorizePage = () => {
  const params = useMemo(() => authorizeParamsFrom(window.location.search), []);
  const [view, setView] = useState<TSandboxAuthorizeView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchAuthorizeView(params, controller.signal).then(
      (answer) => {
        if (answer.status === 'redirect') return leave(answer.redirect_url);
        if (answer.status === 'consent' && answer.auto_open_id) {
          // Already signed in with an account that granted all this: TikTok skips the screen.
          return approveAuthorization({
            params,
            account: { open_id: answer.auto_open_id },
            granted_scopes: answer.scopes,
          }).then(
            ({ redirect_url }) => leave(redirect_url),
            () => setView({ ...answer, auto_open_id: null }),
          );
        }
        setView(answer);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(message(error));
      },
    );
    return () => controller.abort();
  }, [params]);

  return (
    <CenteredPage>
      <Card className="w-full max-w-md">
        <CardHeader>
          <p className="w-fit rounded bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900">
            TikTok sandbox · test accounts only
          </p>
          <CardTitle>
            <h1 className="text-xl font-semibold">Log in to TikTok</h1>
          </CardTitle>
          {view?.status === 'consent' && (
            <CardDescription>
              {view.client_name} would like to access your TikTok account.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          {loadError && (
            <Alert variant="destructive">
              <AlertTitle>This page could not be loaded</AlertTitle>
              <AlertDescription>{loadError}</AlertDescription>
            </Alert>
          )}
          {view?.status === 'error' && (
            <Alert variant="destructive">
              <AlertTitle>This authorization request is not valid</AlertTitle>
              <AlertDescription>
                {view.error_description} ({view.error})
              </AlertDescription>
            </Alert>
          )}
          {view?.status === 'consent' && <ConsentForm view={view} params={params} />}
          {!view && !loadError && <p role="status">Loading…</p>}
        </CardContent>
      </Card>
    </CenteredPage>
  );
};

const ConsentForm = ({
  view,
  params,
}: {
  view: Consent;
  params: ReturnType<typeof authorizeParamsFrom>;
}) => {
  const [choice, setChoice] = useState(view.accounts[0]?.open_id ?? NEW_ACCOUNT);
  const [displayName, setDisplayName] = useState('');
  const [username, setUsername] = useState('');
  const [ticked, setTicked] = useState<string[]>(view.scopes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [usernameError, setUsernameError] = useState<string | null>(null);

  const approve = async (
    account: { open_id: string } | { display_name: string; username: string },
  ) => {
    setBusy(true);
    setError(null);
    setUsernameError(null);
    try {
      const { redirect_url } = await approveAuthorization({
        params,
        account,
        granted_scopes: ticked,
      });
      leave(redirect_url);
    } catch (e) {
      const text = message(e);
      if (e instanceof ApiError && text.toLowerCase().includes('username')) setUsernameError(text);
      else setError(text);
      setBusy(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void approve(
      choice === NEW_ACCOUNT ? { display_name: displayName, username } : { open_id: choice },
    );
  };

  const cancel = async () => {
    setBusy(true);
    try {
      leave((await denyAuthorization(params)).redirect_url);
    } catch (e) {
      setError(message(e));
      setBusy(false);
    }
  };

  return (
    <form className="space-y-5" onSubmit={submit}>
      <TestAccountPicker
        accounts={view.accounts}
        choice={choice}
        onChoice={setChoice}
        displayName={displayName}
        onDisplayName={setDisplayName}
        username={username}
        onUsername={setUsername}
        usernameError={usernameError}
      />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{view.client_name} will be able to</legend>
        {view.scopes.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={ticked.includes(scope)}
              disabled={scope === REQUIRED_SCOPE}
              onChange={(e) =>
                setTicked((now) =>
                  e.target.checked ? [...now, scope] : now.filter((s) => s !== scope),
                )
              }
            />
            <span>
              {SCOPE_LABELS[scope] ?? scope}{' '}
              <span className="text-muted-foreground">({scope})</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="flex gap-3">
        <Button type="submit" disabled={busy}>
          Authorize
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => void cancel()}>
          Cancel
        </Button>
      </div>
    </form>
  );
};
