import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Any unknown path for a signed-in user (docs/product/app.md rule 1). */
export const NotFoundPage = () => (
  <div className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
    <h1 className="flex flex-col items-center gap-3">
      <span className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">404</span>{' '}
      <span className="text-2xl font-semibold tracking-tight text-foreground">Page Not Found</span>
    </h1>
    <p className="mt-4 max-w-md text-muted-foreground">
      The page you&apos;re looking for doesn&apos;t exist or may have moved.
    </p>
    <Button asChild className="mt-8">
      <Link to={paths.dashboard.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  </div>
);
