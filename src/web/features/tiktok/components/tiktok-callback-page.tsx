import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ZAuthUser } from '#contract/user';
import { CenteredPage } from '@/components/layout/centered-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

export const CALLBACK_POLLS = 10;
export const CALLBACK_POLL_MS = 1000;
export const SUCCESS_REDIRECT_MS = 2000;

type State =
  { status: 'processing' } | { status: 'success' } | { status: 'error'; message: string };

/** The server's own reasons (see tiktok-connect-service) in words; TikTok's codes pass as they are. */
const REASONS: Record<string, string> = {
  invalid_state:
    'this connection request expired or was already used. Start again from the dashboard.',
  login_link_expired:
    'the connection link expired or was already used. Start again from the dashboard.',
  sign_in_required: 'sign in to Hookreel first, then connect TikTok.',
  missing_scope:
    'Hookreel needs permission to upload drafts (video.upload). Connect again and allow it.',
  missing_code: 'TikTok sent no authorization code.',
  token_exchange_failed: 'TikTok did not accept the authorization. Please try again.',
  user_info_failed: 'TikTok did not share the account profile. Please try again.',
  save_failed: 'the account could not be saved. Please try again.',
};

/**
 * Outcomes that are not TikTok's failure, told as a whole sentence. `other_browser`: the state
 * belongs to another browser (a link someone passed on, decision 055); nothing was connected.
 */
const SENTENCES: Record<string, string> = {
  other_browser:
    'Nothing was connected: this connection was started in another browser or from a link someone sent you. To connect your TikTok account, start again from Settings → TikTok in this browser.',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * docs/product/publishing.md rule 1, the OAuth callback: the server finishes the exchange; this page
 * waits until the user record shows the connection (10 polls, 1 s apart), then returns to the
 * dashboard.
 */
export const TikTokCallbackPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'processing' });
  const code = params.get('code');
  const stateParam = params.get('state');
  const error = params.get('error');

  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      if (error)
        return setState({
          status: 'error',
          message: SENTENCES[error] ?? `TikTok authorization failed: ${REASONS[error] ?? error}`,
        });
      if (!code || !stateParam) {
        return setState({
          status: 'error',
          message: 'Missing authorization code or state parameter',
        });
      }
      try {
        for (let i = 0; i < CALLBACK_POLLS && !cancelled; i++) {
          const user = ZAuthUser.parse(await apiRequest<unknown>(queryPath(queryKeys.user)));
          if (user.tiktokAccessToken) {
            queryClient.setQueryData(queryKeys.user, user);
            void queryClient.invalidateQueries({ queryKey: queryKeys.tiktokAccounts });
            if (cancelled) return;
            setState({ status: 'success' });
            await wait(SUCCESS_REDIRECT_MS);
            if (!cancelled) void navigate('/app');
            return;
          }
          await wait(CALLBACK_POLL_MS);
        }
        if (!cancelled)
          setState({ status: 'error', message: 'TikTok connection timed out. Please try again.' });
      } catch {
        if (!cancelled) setState({ status: 'error', message: 'Network error occurred' });
      }
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [code, stateParam, error, navigate, queryClient]);

  return (
    <CenteredPage>
      <Card className="w-full max-w-md text-center" aria-live="polite">
        {state.status === 'processing' && (
          <CardHeader className="items-center">
            <Loader2 className="text-primary mx-auto size-10 animate-spin" aria-hidden="true" />
            <CardTitle>
              <h1 className="text-xl font-semibold">Connecting TikTok Account</h1>
            </CardTitle>
            <CardDescription>Please wait while we complete the connection...</CardDescription>
          </CardHeader>
        )}
        {state.status === 'success' && (
          <CardHeader className="items-center">
            <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
            <CardTitle>
              <h1 className="text-xl font-semibold">Successfully Connected!</h1>
            </CardTitle>
            <CardDescription>Taking you to your dashboard…</CardDescription>
          </CardHeader>
        )}
        {state.status === 'error' && (
          <>
            <CardHeader className="items-center">
              <XCircle className="text-destructive mx-auto size-10" aria-hidden="true" />
              <CardTitle>
                <h1 className="text-xl font-semibold">Connection Failed</h1>
              </CardTitle>
              <CardDescription>{state.message}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button onClick={() => void navigate('/')}>Return to Dashboard</Button>
            </CardContent>
          </>
        )}
      </Card>
    </CenteredPage>
  );
};
