import type { LucideIcon } from 'lucide-react';
import { CalendarDays, LayoutDashboard, LogOut, Package, Settings, Sparkles } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { PLANS } from '#contract/plans';
import type { TPlanKey } from '#contract/plans';
import type { TAuthUser } from '#contract/user';
import { HookreelLogo } from '@/components/brand/hookreel-logo';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/utils';
import { ServerQueuePanel } from './server-queue-panel';

type NavEntry = { label: string; to: string; icon: LucideIcon; end?: boolean };

// Campaigns is built, so it is a real link (docs/product/dashboard.md rule 1, decision 051).
const NAV: NavEntry[] = [
  { label: 'Dashboard', to: paths.dashboard.getHref(), icon: LayoutDashboard, end: true },
  { label: 'Create UGC Ads', to: paths.create.getHref(), icon: Sparkles },
  { label: 'Campaigns', to: paths.campaigns.getHref(), icon: CalendarDays },
  { label: 'Products', to: paths.products.getHref(), icon: Package },
  { label: 'Settings', to: paths.settings.getHref(), icon: Settings },
];

const navItemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50';

const NavItem = ({ entry, onNavigate }: { entry: NavEntry; onNavigate?: () => void }) => (
  <li>
    <NavLink
      to={entry.to}
      end={entry.end}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          navItemClass,
          'group',
          isActive
            ? 'bg-sidebar-accent text-sidebar-accent-foreground shadow-xs'
            : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground',
        )
      }
    >
      <entry.icon
        aria-hidden="true"
        className="size-4 shrink-0 text-muted-foreground transition-colors group-hover:text-sidebar-accent-foreground group-aria-[current=page]:text-primary"
      />
      {entry.label}
    </NavLink>
  </li>
);

/** "Jane Doe" → "JD"; falls back to the first letter of the display name or e-mail. */
export const userInitials = (user: TAuthUser | null) => {
  const first = user?.firstName?.trim() ?? '';
  const last = user?.lastName?.trim() ?? '';
  if (first || last) return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  const name = user?.displayName?.trim() || user?.email || 'User';
  const words = name.split(/\s+/).filter(Boolean);
  const initials =
    words.length > 1 ? `${words[0]?.charAt(0)}${words[1]?.charAt(0)}` : name.charAt(0);
  return initials.toUpperCase();
};

/**
 * docs/product/accounts.md rule 5: "firstName lastName", else firstName, else e-mail, else "User".
 */
export const userDisplayName = (user: TAuthUser | null) => {
  if (!user) return 'User';
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  return user.firstName || user.displayName || user.email || 'User';
};

const UserFooter = () => {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const plan: TPlanKey = user?.plan && user.plan in PLANS ? user.plan : 'free';
  const displayName = userDisplayName(user);

  const onLogout = async () => {
    await signOut();
    void navigate(paths.landing.getHref());
  };

  return (
    <div className="space-y-2 border-t border-sidebar-border p-3">
      <div className="flex items-center gap-3 px-1">
        <Avatar className="size-9 ring-1 ring-border">
          {user?.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
          <AvatarFallback aria-hidden="true" className="text-xs font-semibold">
            {userInitials(user)}
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-foreground">{displayName}</p>
          <Badge variant={plan} className="mt-1">
            {PLANS[plan].title} Plan
          </Badge>
        </div>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="w-full justify-start text-muted-foreground hover:text-foreground"
        onClick={() => void onLogout()}
      >
        <LogOut aria-hidden="true" />
        Logout
      </Button>
    </div>
  );
};

/** Logo, navigation, the queue panel and the signed-in user; the desktop aside and the mobile menu. */
export const SidebarContent = ({ onNavigate }: { onNavigate?: () => void }) => (
  <div className="flex h-full flex-col">
    <div className="flex h-16 shrink-0 items-center px-5">
      <Link
        to={paths.dashboard.getHref()}
        onClick={onNavigate}
        className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50"
      >
        <HookreelLogo />
      </Link>
    </div>
    <div className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto px-3 pb-4">
      <nav aria-label="Main">
        <ul className="space-y-1">
          {NAV.map((entry) => (
            <NavItem key={entry.to} entry={entry} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
      <ServerQueuePanel className="mt-auto shrink-0" />
    </div>
    <UserFooter />
  </div>
);
