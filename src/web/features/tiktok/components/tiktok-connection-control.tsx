import { ChevronDown, Music2, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { useTikTokAccounts } from '@/lib/tiktok/use-tiktok-accounts';
import { useTikTokConnect } from '../hooks/use-tiktok-connect';
import { TikTokAccountAvatar } from './tiktok-account-avatar';

/**
 * docs/product/publishing.md rule 1, the connection control in the dashboard header: "Loading..."
 * while the user loads; the default account in a dropdown with "Manage Connection" when connected;
 * otherwise "Connect TikTok" ("Connecting..." while leaving for TikTok).
 */
export const TikTokConnectionControl = () => {
  const { user, isLoading: userLoading } = useAuth();
  const { accounts, defaultOpenId, isLoading } = useTikTokAccounts({ enabled: Boolean(user) });
  const { connect, connecting } = useTikTokConnect();

  if (userLoading || (user && isLoading)) {
    return (
      <Button variant="outline" disabled>
        Loading...
      </Button>
    );
  }

  const account = accounts.find((a) => a.open_id === defaultOpenId) ?? accounts[0];
  // docs/product/publishing.md rule 1: connected when the list is non-empty or the user record says
  // so.
  const shown = account
    ? {
        name: account.display_name,
        username: account.username,
        avatar: account.avatar_url,
      }
    : user?.tiktokAccessToken
      ? {
          name: user.tiktokDisplayName ?? 'TikTok',
          username: user.tiktokUsername,
          avatar: user.tiktokAvatarUrl,
        }
      : null;

  if (!shown) {
    return (
      <Button variant="outline" disabled={connecting} onClick={() => void connect()}>
        <Music2 aria-hidden="true" />
        {connecting ? 'Connecting...' : 'Connect TikTok'}
      </Button>
    );
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="h-10 gap-2 pl-1.5">
          <TikTokAccountAvatar name={shown.name} url={shown.avatar} className="size-7" />
          <span className="flex flex-col items-start leading-tight">
            <span className="text-sm font-medium">{shown.name}</span>
            {shown.username ? (
              <span className="text-muted-foreground text-xs">@{shown.username}</span>
            ) : null}
          </span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={paths.settings.getHref('tiktok')}>
            <Settings2 aria-hidden="true" />
            Manage Connection
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
};
