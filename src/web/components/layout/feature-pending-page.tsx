import { ArrowLeft, Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { PageHeader } from './page-header';

type FeaturePendingPageProps = {
  title: string;
  subtitle?: string;
  /** What the area will let the user do, in a sentence or two. */
  description: ReactNode;
  /** Header action; defaults to the "Create New Ad" button (pass null on the Create page). */
  action?: ReactNode;
};

/**
 * Stands in for an app area whose feature has not landed yet. It says plainly that the area is
 * being built rather than showing controls that do nothing.
 */
export const FeaturePendingPage = ({
  title,
  subtitle,
  description,
  action,
}: FeaturePendingPageProps) => (
  <>
    <PageHeader title={title} subtitle={subtitle} action={action} />
    <Card className="gap-0 overflow-hidden py-0">
      <div aria-hidden="true" className="h-1 bg-brand-gradient opacity-80" />
      <div className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <Hammer aria-hidden="true" className="size-6" />
        </div>
        <h2 className="mt-5 text-lg font-semibold text-foreground">Coming soon</h2>
        <div className="mt-2 max-w-md text-sm leading-relaxed text-muted-foreground">
          {description}
        </div>
        <p className="mt-3 max-w-md text-sm text-muted-foreground">
          We&apos;re building this part of Hookreel. It will appear here as soon as it&apos;s ready.
        </p>
        <Button asChild variant="outline" className="mt-8">
          <Link to={paths.dashboard.getHref()}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
      </div>
    </Card>
  </>
);
