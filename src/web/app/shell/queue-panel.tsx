import { ExternalLink, Inbox, Send, X } from 'lucide-react';
import { useId } from 'react';
import { TIKTOK_SANDBOX_LABEL } from '#contract/tiktok-mode';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/** docs/product/queue.md rule 1: the queue's statuses. */
export type QueueStatus =
  'pending' | 'in_queue' | 'in_progress' | 'posting' | 'completed' | 'failed' | 'review';

/** What the panel needs from a queue item; the queue feature owns the full item. */
export type QueuePanelItem = {
  id: string;
  prompt: string;
  status: QueueStatus;
  progress: number;
  /**
   * docs/product/queue.md rule 5 hints ("Uploaded. Open TikTok app to finish posting.", "Failed:
   * …").
   */
  hint?: string;
  /** A post sent to TikTok, or a rendered video ("View" opens it). */
  kind?: 'post' | 'video';
  /** Where "View Post" goes: the post's share link, else the profile; a video's own URL. */
  link?: string | null;
  profileLink?: string | null;
};

const PENDING_STATUSES: readonly QueueStatus[] = ['pending', 'in_queue', 'in_progress', 'posting'];

const STATUS_LABELS: Partial<Record<QueueStatus, string>> = {
  posting: 'Publishing',
  review: 'In Review',
  in_progress: 'Generating',
  in_queue: 'Queued',
  completed: 'Complete',
  failed: 'Failed',
};

export const queueStatusLabel = (status: QueueStatus) => STATUS_LABELS[status] ?? 'Pending';

const STATUS_TONES: Partial<Record<QueueStatus, string>> = {
  completed: 'text-emerald-700',
  failed: 'text-destructive',
  review: 'text-violet-700',
};

// Compact, so View, Upload to TikTok and Remove fit the sidebar's width on one row; Remove keeps
// a 24 px target.
const ACTION_CLASS = 'h-6 gap-1 px-1 text-[11px] has-[>svg]:px-1';
const REMOVE_CLASS = 'h-6 px-1.5 has-[>svg]:px-1.5';

type QueuePanelProps = {
  items?: QueuePanelItem[];
  className?: string;
  /** Removes an item from the queue (the post itself stays on TikTok). */
  onRemove?: (id: string) => void;
  /**
   * "View Post" on a completed post; without a link it explains why (docs/product/queue.md rule 7).
   */
  onViewPost?: (item: QueuePanelItem) => void;
  /** "Upload to TikTok" (docs/product/queue.md rule 6) for a finished render, from the queue. */
  onUploadVideo?: (item: QueuePanelItem) => void;
  /** Posts go to the built-in sandbox: each post says "TikTok sandbox" (decision 063). */
  sandbox?: boolean;
};

/** The sidebar's generation and posting queue (docs/product/queue.md), 220px high. */
export const QueuePanel = ({
  items = [],
  className,
  onRemove,
  onViewPost,
  onUploadVideo,
  sandbox = false,
}: QueuePanelProps) => {
  const titleId = useId();
  const pending = items.filter((item) => PENDING_STATUSES.includes(item.status)).length;
  const completed = items.filter((item) => item.status === 'completed').length;

  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex h-[220px] flex-col overflow-hidden rounded-xl border border-sidebar-border bg-background shadow-xs',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-sidebar-border px-3 py-2">
        <h2 id={titleId} className="text-sm font-semibold text-foreground">
          Queue
        </h2>
        <p className="flex items-center gap-1.5 text-[11px] whitespace-nowrap text-muted-foreground tabular-nums">
          <span>{pending} pending</span>
          <span aria-hidden="true" className="size-1 rounded-full bg-border" />
          <span>{completed} completed</span>
        </p>
      </div>

      {items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 px-4 text-center">
          <Inbox aria-hidden="true" className="size-5 text-muted-foreground/70" />
          <p className="text-xs text-muted-foreground">No items in queue</p>
        </div>
      ) : (
        // Focusable so keyboard users can scroll a long queue.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <ul tabIndex={0} aria-label="Queue items" className="flex-1 space-y-1 overflow-y-auto p-2">
          {items.map((item) => {
            const label = queueStatusLabel(item.status);
            const done = item.status === 'completed';
            const canView = onViewPost && done;
            const canUpload = onUploadVideo && done && item.kind === 'video' && item.link;
            return (
              <li key={item.id} className="rounded-lg px-2 py-1.5 hover:bg-muted/60">
                <div className="flex items-baseline justify-between gap-2">
                  <p className="truncate text-xs font-medium text-foreground">{item.prompt}</p>
                  <span
                    className={cn(
                      'shrink-0 text-[11px] font-medium text-muted-foreground',
                      STATUS_TONES[item.status],
                    )}
                  >
                    {label}
                  </span>
                </div>
                <Progress
                  aria-label={`${label}: ${item.prompt}`}
                  value={item.progress}
                  className="mt-1.5 h-1"
                  indicatorClassName={cn(
                    item.status === 'failed' && 'bg-destructive',
                    item.status === 'completed' && 'bg-emerald-600',
                  )}
                />
                {sandbox && item.kind !== 'video' ? (
                  <p className="mt-1 text-[11px] font-medium text-amber-700">
                    {TIKTOK_SANDBOX_LABEL}
                  </p>
                ) : null}
                {item.hint ? (
                  <p className="mt-1 line-clamp-2 text-[11px] text-muted-foreground">{item.hint}</p>
                ) : null}
                {onRemove || canView || canUpload ? (
                  <div className="mt-1 flex flex-wrap justify-end gap-0.5">
                    {canView ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        className={ACTION_CLASS}
                        onClick={() => onViewPost(item)}
                      >
                        <ExternalLink aria-hidden="true" className="size-3" />
                        {item.kind === 'video' ? 'View' : 'View Post'}
                      </Button>
                    ) : null}
                    {canUpload ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        className={ACTION_CLASS}
                        aria-label={`Upload to TikTok: ${item.prompt}`}
                        onClick={() => onUploadVideo(item)}
                      >
                        <Send aria-hidden="true" className="size-3" />
                        Upload to TikTok
                      </Button>
                    ) : null}
                    {onRemove ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        className={REMOVE_CLASS}
                        aria-label={`Remove ${item.prompt}`}
                        onClick={() => onRemove(item.id)}
                      >
                        <X aria-hidden="true" className="size-3" />
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
};
