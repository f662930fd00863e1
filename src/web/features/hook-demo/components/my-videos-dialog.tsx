import { useState } from 'react';
import type { TUserVideo } from '#contract/user-videos';
import { MY_VIDEOS_PER_PAGE } from '#contract/user-videos';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { pageOf } from '../lib/paging';
import { VideoTile } from './video-tile';

/** docs/product/hook-demo.md rule 4: "Select a Product Video", 12 per page with Prev/Next. */
export const MyVideosDialog = ({
  open,
  onOpenChange,
  videos,
  chosenPaths,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videos: TUserVideo[];
  chosenPaths: Set<string>;
  onPick: (video: TUserVideo) => void;
}) => {
  const [page, setPage] = useState(1);
  const shown = pageOf(videos, page, MY_VIDEOS_PER_PAGE);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Select a Product Video</DialogTitle>
          <DialogDescription>Your uploaded product videos, newest first.</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {shown.items.map((v) => (
            <VideoTile
              key={v.path}
              video={v}
              selected={chosenPaths.has(v.path)}
              onPick={() => onPick(v)}
            />
          ))}
        </div>
        <DialogFooter className="items-center sm:justify-between">
          <div className="flex items-center gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={shown.page <= 1}
              onClick={() => setPage(shown.page - 1)}
            >
              Prev
            </Button>
            <span className="text-sm text-muted-foreground tabular-nums">
              Page {shown.page} of {shown.pages}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={shown.page >= shown.pages}
              onClick={() => setPage(shown.page + 1)}
            >
              Next
            </Button>
          </div>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
