import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Music2, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TTikTokAccount } from '#contract/tiktok';
import { howToGrant, permissionName, TIKTOK_PERMISSIONS } from '#contract/tiktok-permissions';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';
import {
  disconnectTikTokAccount,
  makeDefaultTikTokAccount,
  refreshTikTokConnection,
} from '@/lib/tiktok/tiktok-connection';
import { TikTokNotConfiguredNote, TikTokSandboxBadge } from '@/components/tiktok/tiktok-mode-notes';
import { useTikTokMode } from '@/lib/tiktok/tiktok-mode';
import { useTikTokAccounts } from '@/lib/tiktok/use-tiktok-accounts';
import { useTikTokConnect } from '../hooks/use-tiktok-connect';
import { TikTokAccountAvatar } from './tiktok-account-avatar';
import { TikTokConnectionSummary } from './tiktok-connection-summary';

/**
 * The permissions the seller unticked on TikTok's consent screen, in TikTok's words, with what
 * each costs here and how to grant them (decision 100).
 */
const MissingPermissions = ({ scopes, name }: { scopes: string[]; name: string }) =>
  scopes.length === 0 ? null : (
    <div className="mt-2 space-y-1 text-sm">
      <p className="font-medium">Permissions not granted on TikTok:</p>
      <ul className="list-disc space-y-1 pl-5" aria-label={`Permissions ${name} did not grant`}>
        {scopes.map((scope) => (
          <li key={scope}>
            “{permissionName(scope)}”:{' '}
            <span className="text-muted-foreground">
              {(TIKTOK_PERMISSIONS as Record<string, { without: string }>)[scope]?.without ?? ''}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">{howToGrant(scopes)}</p>
    </div>
  );

type RowProps = {
  account: TTikTokAccount;
  busy: boolean;
  onMakeDefault: () => void;
  onReconnect: () => void;
  onDisconnect: () => void;
};

const AccountRow = ({ account, busy, onMakeDefault, onReconnect, onDisconnect }: RowProps) => (
  <li className="flex flex-wrap items-center gap-3 py-3">
    <TikTokAccountAvatar name={account.display_name} url={account.avatar_url} className="size-10" />
    <div className="min-w-0 flex-1">
      <p className="font-medium">
        {account.display_name}
        {account.is_default ? <span className="text-muted-foreground"> (default)</span> : null}
      </p>
      {account.username ? (
        <p className="text-muted-foreground text-sm">@{account.username}</p>
      ) : null}
      <TikTokSandboxBadge className="mt-1 mr-1" />
      {account.reconnect_needed ? (
        <>
          <Badge variant="destructive" className="mt-1">
            <AlertTriangle aria-hidden="true" />
            Reconnect needed
          </Badge>
          <p className="mt-1 text-sm">
            TikTok no longer accepts Hookreel’s sign-in for this account. Reconnect it to post
            again; scheduled campaign items wait until then and are sent once it is reconnected.
          </p>
        </>
      ) : (
        <MissingPermissions scopes={account.missing_scopes} name={account.display_name} />
      )}
    </div>
    <div className="flex flex-wrap gap-2">
      {account.reconnect_needed ? (
        <Button size="sm" onClick={onReconnect} disabled={busy}>
          Reconnect
        </Button>
      ) : account.missing_scopes.length > 0 ? (
        <Button
          size="sm"
          variant="outline"
          onClick={onReconnect}
          disabled={busy}
          aria-label={`Reconnect ${account.display_name} to grant the missing permissions`}
        >
          Reconnect to grant
        </Button>
      ) : null}
      {!account.is_default ? (
        <Button
          size="sm"
          variant="outline"
          onClick={onMakeDefault}
          disabled={busy}
          aria-label={`Make ${account.display_name} the default account`}
        >
          Make default
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="outline"
        onClick={onDisconnect}
        disabled={busy}
        aria-label={`Disconnect ${account.display_name}`}
      >
        Disconnect
      </Button>
    </div>
  </li>
);

/**
 * docs/product/publishing.md rule 1, Settings → TikTok: the connected accounts with "(default)",
 * Disconnect behind "Disconnect TikTok Account?", make default, reconnect an account TikTok no
 * longer accepts, and "Add another TikTok account" / "Connect TikTok Account".
 */
export const TikTokSettingsTab = () => {
  const queryClient = useQueryClient();
  const { accounts, defaultOpenId, isLoading, isError } = useTikTokAccounts();
  const { connect, connecting } = useTikTokConnect();
  const [confirming, setConfirming] = useState<TTikTokAccount | null>(null);

  useEffect(() => {
    if (isError) toast({ title: 'Failed to load TikTok accounts', variant: 'destructive' });
  }, [isError]);

  const disconnect = useMutation({
    mutationFn: (openId: string) => disconnectTikTokAccount(openId),
    onSuccess: () =>
      toast({
        title: 'TikTok Disconnected',
        description: 'Your TikTok account has been disconnected successfully.',
      }),
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to disconnect TikTok account',
        variant: 'destructive',
      }),
    onSettled: () => refreshTikTokConnection(queryClient),
  });

  const makeDefault = useMutation({
    mutationFn: (openId: string) => makeDefaultTikTokAccount(openId),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.tiktokAccounts, data);
      const account = data.accounts.find((a) => a.is_default);
      toast({
        title: 'Default account changed',
        description: account ? `New posts go to ${account.display_name}.` : undefined,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to change the default TikTok account',
        variant: 'destructive',
      }),
  });

  const notConfigured = useTikTokMode() === 'off';
  const busy = disconnect.isPending || makeDefault.isPending || connecting;
  const defaultAccount = accounts.find((a) => a.open_id === defaultOpenId);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <Music2 aria-hidden="true" className="size-4" />
            TikTok Connection
          </h2>
        </CardTitle>
        <CardDescription>
          Drafts you send go to the default account&apos;s TikTok inbox unless you pick another.
        </CardDescription>
        <TikTokConnectionSummary account={defaultAccount} />
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-3" aria-label="Loading TikTok accounts">
            <Skeleton className="h-12 w-full" />
          </div>
        ) : accounts.length > 0 ? (
          <ul className="divide-y" aria-label="Connected TikTok accounts">
            {accounts.map((account) => (
              <AccountRow
                key={account.open_id}
                account={account}
                busy={busy}
                onMakeDefault={() => makeDefault.mutate(account.open_id)}
                onReconnect={() => void connect({ returnTo: 'settings' })}
                onDisconnect={() => setConfirming(account)}
              />
            ))}
          </ul>
        ) : null}
      </CardContent>
      <CardFooter>
        {notConfigured ? (
          <TikTokNotConfiguredNote />
        ) : accounts.length > 0 ? (
          <Button
            variant="outline"
            disabled={busy || isLoading}
            onClick={() => void connect({ addAnother: true, returnTo: 'settings' })}
          >
            <Plus aria-hidden="true" />
            {connecting ? 'Connecting...' : 'Add another TikTok account'}
          </Button>
        ) : (
          <Button
            disabled={busy || isLoading}
            onClick={() => void connect({ returnTo: 'settings' })}
          >
            <Music2 aria-hidden="true" />
            {connecting ? 'Connecting...' : 'Connect TikTok Account'}
          </Button>
        )}
      </CardFooter>

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Disconnect TikTok Account?</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming
                ? `${confirming.display_name}${confirming.username ? ` (@${confirming.username})` : ''} will no longer be available for posting. You can connect it again at any time.`
                : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => {
                if (confirming) disconnect.mutate(confirming.open_id);
                setConfirming(null);
              }}
            >
              Disconnect
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
};
