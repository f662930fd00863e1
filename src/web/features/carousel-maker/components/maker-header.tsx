import { ArrowLeft, LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { SaveStatus } from '@/lib/save-scheduler';

const SAVE_TEXT: Record<SaveStatus, string> = {
  idle: '',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'All changes saved',
  error: "Couldn't save. Retrying on your next change.",
};

/** Back, the title, the auto-save status and the way back to the tools. */
export const MakerHeader = ({
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
    {/* Phones: Back, status and Tools on one row, the title under them. */}
    <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
      <h1 className="text-2xl font-semibold tracking-tight">Carousel Maker</h1>
      <p className="text-sm text-muted-foreground">Photo (Carousel)</p>
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
    <Button asChild variant="outline" size="sm">
      <Link to="/create">
        <LayoutGrid aria-hidden="true" />
        Tools
      </Link>
    </Button>
  </header>
);
