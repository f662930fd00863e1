import { AlertTriangle, CheckCircle2, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { TTikTokDebug } from '#contract/tiktok';
import { ZTikTokDebug } from '#contract/tiktok';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { BackToHomeLink, CenteredPage } from '@/components/layout/centered-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiRequest } from '@/lib/api-client';
import { useTikTokConnect } from '../hooks/use-tiktok-connect';

const yesNo = (v: boolean) => (v ? 'Configured' : 'Missing');

/**
 * docs/product/publishing.md rule 1: the TikTok debug page. A failed check is reported
 * in the console only.
 */
export const TikTokDebugPage = () => {
  const [config, setConfig] = useState<TTikTokDebug | null>(null);
  const [checking, setChecking] = useState(false);
  const { connect, connecting } = useTikTokConnect();

  const check = async () => {
    setChecking(true);
    try {
      setConfig(ZTikTokDebug.parse(await apiRequest<unknown>('/api/tiktok/debug')));
    } catch (error) {
      console.error('TikTok configuration check failed', error);
    } finally {
      setChecking(false);
    }
  };

  const missing = config && (!config.clientIdConfigured || !config.clientSecretConfigured);

  return (
    <CenteredPage>
      <Card className="w-full max-w-xl">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl font-semibold">TikTok integration</h1>
          </CardTitle>
          <CardDescription>
            Check how this installation is set up to connect TikTok accounts.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <Button onClick={() => void check()} disabled={checking}>
            {checking ? 'Checking…' : 'Check Configuration'}
          </Button>
          {config && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Host</dt>
              <dd className="break-all">{config.host}</dd>
              <dt className="text-muted-foreground">Environment</dt>
              <dd>{config.environment}</dd>
              <dt className="text-muted-foreground">Redirect URI</dt>
              <dd className="break-all font-mono">{config.redirectUri}</dd>
              <dt className="text-muted-foreground">Client key</dt>
              <dd>{yesNo(config.clientIdConfigured)}</dd>
              <dt className="text-muted-foreground">Client secret</dt>
              <dd>{yesNo(config.clientSecretConfigured)}</dd>
            </dl>
          )}
          {missing && (
            <Alert variant="destructive">
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>Missing Environment Variables</AlertTitle>
              <AlertDescription>
                Set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET, then restart the server.
              </AlertDescription>
            </Alert>
          )}
          {config && !missing && (
            <div className="space-y-4">
              <Alert>
                <CheckCircle2 aria-hidden="true" />
                <AlertTitle>Register the redirect URI</AlertTitle>
                <AlertDescription>
                  Add the redirect URI above to your app's Login Kit settings in the{' '}
                  <a
                    href="https://developers.tiktok.com/apps"
                    target="_blank"
                    rel="noreferrer"
                    className="text-primary inline-flex items-center gap-1 underline-offset-4 hover:underline"
                  >
                    TikTok developer portal
                    <ExternalLink className="size-3" aria-hidden="true" />
                  </a>
                  .
                </AlertDescription>
              </Alert>
              {/* The login navigation carries no bearer token: a single-use link is minted first. */}
              <Button variant="outline" disabled={connecting} onClick={() => void connect()}>
                {connecting ? 'Connecting...' : 'Test TikTok Connection'}
              </Button>
            </div>
          )}
          <BackToHomeLink />
        </CardContent>
      </Card>
    </CenteredPage>
  );
};
