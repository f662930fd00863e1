import { ArrowLeft, Images, LayoutGrid } from 'lucide-react';
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

/** Spec 02 §2.3 header: Back, "Hook + Demo", "Tools" and "Prefer photos?" (both to /create). */
export const EditorHeader = ({
  onBack,
  saveStatus,
}: {
  onBack: () => void;
  saveStatus?: SaveStatus;
}) => (
  <header className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2">
    <Button type="button" variant="outline" size="sm" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
    <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
      <h1 className="text-2xl font-semibold tracking-tight">Hook + Demo</h1>
      <p className="text-sm text-muted-foreground">Video</p>
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
    <Button asChild variant="ghost" size="sm">
      <Link to="/create">
        <Images aria-hidden="true" />
        Prefer photos?
      </Link>
    </Button>
    <Button asChild variant="outline" size="sm">
      <Link to="/create">
        <LayoutGrid aria-hidden="true" />
        Tools
      </Link>
    </Button>
  </header>
);
