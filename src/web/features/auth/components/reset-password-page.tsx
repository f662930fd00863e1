import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { RESET_MIN_PASSWORD } from '#contract/passwords';
import { BackToHomeLink, CenteredPage } from '@/components/layout/centered-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { recoverPassword } from '@/lib/auth/auth-api';
import { useAuth } from '@/lib/auth/auth-provider';

/** The e-mailed link carries the token in the hash (`#access_token=…&type=recovery`). */
const readRecoveryToken = () =>
  new URLSearchParams(window.location.hash.slice(1)).get('access_token');

export const ResetPasswordPage = () => {
  const navigate = useNavigate();
  const { adoptSession } = useAuth();
  const [token, setToken] = useState(readRecoveryToken);
  // Opening the e-mailed link while this page is already open only changes the hash.
  useEffect(() => {
    const onHashChange = () => setToken(readRecoveryToken());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (password.length < RESET_MIN_PASSWORD) {
      toast({
        title: 'Password too short',
        description: 'Use at least 8 characters',
        variant: 'destructive',
      });
      return;
    }
    if (password !== confirm) {
      toast({ title: 'Passwords do not match', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      adoptSession(await recoverPassword(token, password));
      // The token is spent; keep it out of the history entry.
      window.history.replaceState(null, '', window.location.pathname);
      toast({ title: 'Password updated' });
      void navigate('/settings');
    } catch {
      toast({ title: 'Failed to update password', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <CenteredPage>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1>Reset your password</h1>
          </CardTitle>
          <CardDescription>Choose a new password for your Hookreel account.</CardDescription>
        </CardHeader>
        <CardContent>
          {token ? (
            <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="new-password">New Password</Label>
                <Input
                  id="new-password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="confirm-password">Confirm Password</Label>
                <Input
                  id="confirm-password"
                  type="password"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  required
                />
              </div>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? 'Updating…' : 'Update Password'}
              </Button>
            </form>
          ) : (
            <p className="text-muted-foreground text-sm">
              This page needs the link from your password reset e-mail. Open the e-mail and follow
              its link to choose a new password.
            </p>
          )}
          <BackToHomeLink />
        </CardContent>
      </Card>
    </CenteredPage>
  );
};
