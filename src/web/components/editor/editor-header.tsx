import { ArrowLeft, LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { SaveStatus } from '@/lib/save-scheduler';
import { cn } from '@/lib/utils';

const SAVE_TEXT: Record<SaveStatus, string> = {
  idle: '',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'All changes saved',
  error: "Couldn't save. Retrying on your next change.",
};

type EditorHeaderProps = {
  title: string;
  subtitle: string;
  onBack: () => void;
  /** Shown only while a draft is open: without one nothing is saved. */
  saveStatus?: SaveStatus;
  /** An editor's own links, placed before "Tools". */
  actions?: ReactNode;
};

/**
 * Both editors' header (docs/product/carousels.md rule 1; docs/product/hook-demo.md rule 1): Back,
 * the title, the auto-save status and "Tools".
 */
export const EditorHeader = ({
  title,
  subtitle,
  onBack,
  saveStatus,
  actions,
}: EditorHeaderProps) => (
  <header className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2">
    <Button type="button" variant="outline" size="sm" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
    {/* Phones: Back, the status and the links on one row, the title under them. */}
    <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">{subtitle}</p>
    </div>
    <p
      role="status"
      className={cn(
        'ml-auto text-xs sm:ml-0',
        saveStatus === 'error' ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      {saveStatus ? SAVE_TEXT[saveStatus] : ''}
    </p>
    {actions}
    <Button asChild variant="outline" size="sm">
      <Link to="/create">
        <LayoutGrid aria-hidden="true" />
        Tools
      </Link>
    </Button>
  </header>
);
