import type { LucideIcon } from 'lucide-react';
import { ArrowRight, CalendarDays, Music2, Package, Plus, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/utils';

type DashboardPageProps = {
  /** The "This period usage" card (filled by the usage feature); omitted for plans without a quota. */
  usage?: ReactNode;
  /** The Next Best Action card (filled by the onboarding-steps feature). */
  nextBestAction?: ReactNode;
  /** The TikTok connection control; until it lands, a link to the TikTok settings tab. */
  tiktokControl?: ReactNode;
  /** The "Campaigns schedule" card (filled by the campaigns feature, decision 051). */
  campaignsSchedule?: ReactNode;
};

type TileProps = { title: string; description: string; icon: LucideIcon; to: string };

const tileClass =
  'group flex h-full flex-col gap-4 rounded-xl border bg-card p-5 text-left transition-[border-color,box-shadow,transform]';

const ActionTile = ({ title, description, icon: Icon, to }: TileProps) => (
  <Link
    to={to}
    className={cn(
      tileClass,
      'outline-none hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
    )}
  >
    <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
      <Icon aria-hidden="true" className="size-5" />
    </span>
    <span className="flex flex-1 flex-col gap-1">
      <span className="font-semibold text-foreground">{title}</span>
      <span className="text-sm text-muted-foreground">{description}</span>
    </span>
    <span
      aria-hidden="true"
      className="inline-flex items-center gap-1 text-sm font-medium text-primary"
    >
      Open
      <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
    </span>
  </Link>
);

/**
 * The dashboard of docs/product/dashboard.md rule 1, with slots for the cards other features
 * provide.
 */
export const DashboardPage = ({
  usage,
  nextBestAction,
  tiktokControl,
  campaignsSchedule,
}: DashboardPageProps) => {
  const { user } = useAuth();
  const firstName = user?.firstName?.trim();

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Welcome back! Here's an overview of your UGC content."
        action={
          <>
            {tiktokControl ?? (
              <Button asChild variant="outline">
                <Link to={paths.settings.getHref('tiktok')}>
                  <Music2 aria-hidden="true" />
                  Connect TikTok
                </Link>
              </Button>
            )}
            <Button asChild>
              <Link to={paths.create.getHref()}>
                <Plus aria-hidden="true" />
                Create Content
              </Link>
            </Button>
          </>
        }
      />

      <div className="flex flex-col gap-6">
        {/* Flex, not grid: a usage card that renders nothing (no quota) leaves an empty wrapper,
            which `empty:hidden` removes so the welcome card takes the whole row. */}
        <div className="flex flex-col gap-6 lg:flex-row">
          <Card className="relative min-w-0 gap-5 overflow-hidden lg:flex-[2]">
            <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1 bg-brand-gradient" />
            <CardHeader>
              <CardTitle>
                <h2 className="text-xl font-semibold tracking-tight">
                  {firstName ? `Welcome, ${firstName}` : 'Welcome'}
                </h2>
              </CardTitle>
              <CardDescription>What would you like to create today?</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-4 sm:grid-cols-3">
                <li>
                  <ActionTile
                    title="Create Content"
                    description="Generate a new video or photo UGC ad"
                    icon={Sparkles}
                    to={paths.create.getHref()}
                  />
                </li>
                <li>
                  <ActionTile
                    title="Create Campaign"
                    description="Automate publishing across the week"
                    icon={CalendarDays}
                    to={paths.campaigns.getHref()}
                  />
                </li>
                <li>
                  <ActionTile
                    title="Manage Products"
                    description="Add or update the product you promote"
                    icon={Package}
                    to={paths.products.getHref()}
                  />
                </li>
              </ul>
            </CardContent>
          </Card>

          {usage ? <div className="min-w-0 empty:hidden lg:flex-1">{usage}</div> : null}
        </div>

        {nextBestAction ? <div className="empty:hidden">{nextBestAction}</div> : null}

        {campaignsSchedule}
      </div>
    </>
  );
};
