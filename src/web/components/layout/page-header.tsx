import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { HeaderCredits } from './header-credits';

type PageHeaderProps = {
  title: string;
  subtitle?: ReactNode;
  /** Replaces the default "Create New Ad" button; pass null for no action at all. */
  action?: ReactNode;
};

/**
 * The generic header of app pages (docs/product/app.md rule 5), with the user's credits left
 * (decision 046).
 */
export const PageHeader = ({ title, subtitle, action }: PageHeaderProps) => (
  <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
    <div className="min-w-0">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">{title}</h1>
      {subtitle ? (
        <p className="mt-1.5 text-sm text-muted-foreground sm:text-base">{subtitle}</p>
      ) : null}
    </div>
    <div className="flex shrink-0 flex-wrap items-end gap-2">
      <HeaderCredits />
      {action !== null &&
        (action ?? (
          <Button asChild>
            <Link to={paths.create.getHref()}>
              <Plus aria-hidden="true" />
              Create New Ad
            </Link>
          </Button>
        ))}
    </div>
  </header>
);
