import { ArrowLeft, Clapperboard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * The Hook + Demo editor lands in a later release. Its drafts still open to an honest page that
 * says so, with Back, instead of a broken editor.
 */
export const VideoToolPending = ({ onBack }: { onBack: () => void }) => (
  <>
    <header className="mb-6 flex items-center gap-3">
      <Button type="button" variant="outline" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <h1 className="text-2xl font-semibold tracking-tight">Hook + Demo</h1>
    </header>
    <Card className="gap-0 overflow-hidden py-0">
      <div aria-hidden="true" className="h-1 bg-linear-to-r from-brand-orange to-brand-pink" />
      <div className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <Clapperboard aria-hidden="true" className="size-6" />
        </div>
        <h2 className="mt-5 text-lg font-semibold">The video editor is coming soon</h2>
        <p className="mt-2 max-w-md text-sm leading-relaxed text-muted-foreground">
          Hook + Demo will put your hook over a UGC character clip and follow it with your product
          video. This draft is saved and will open in the editor as soon as it&apos;s ready.
        </p>
        <p className="mt-3 max-w-md text-sm text-muted-foreground">
          In the meantime, a photo carousel is ready to make today.
        </p>
        <Button type="button" variant="outline" className="mt-8" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </div>
    </Card>
  </>
);
