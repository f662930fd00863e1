import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DEMO_DEFAULT_TITLE } from '#contract/hook-demo';
import type { TQueueItem } from '#contract/tiktok-posts';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';
import { fetchQueue, removeQueueItem } from '@/lib/tiktok/publishing-api';
import type { QueuePanelItem } from './queue-panel';
import { useTikTokMode } from '@/lib/tiktok/tiktok-mode';
import { QueuePanel } from './queue-panel';

/**
 * docs/product/queue.md rule 6: statuses still moving; the panel polls every 5 s while one is
 * shown.
 */
const ACTIVE = new Set(['pending', 'in_queue', 'in_progress', 'posting']);
const POLL_MS = 5000;
/**
 * A post in the inbox still moves (the seller posts it from the app, and the server learns it by
 * webhook or its own checks), so the panel keeps reading, more slowly (decision 085).
 */
const REVIEW_POLL_MS = 15_000;

// Fetched on the first upload from the queue: most visits to the shell never open it.
const VideoUploadDialog = lazy(() =>
  import('@/components/tiktok/video-upload-dialog').then((m) => ({
    default: m.VideoUploadDialog,
  })),
);

const toPanelItem = (item: TQueueItem): QueuePanelItem => ({
  id: item.id,
  kind: item.type === 'product-demo' ? 'video' : 'post',
  prompt: item.prompt,
  status: item.status,
  progress: item.progress,
  hint: item.hint,
  link: item.type === 'product-demo' ? (item.video_url ?? null) : item.share_url,
  profileLink: item.profile_url,
});

/**
 * docs/product/queue.md rule 6: a browser notification when allowed; asked for while still at its
 * default.
 */
const notify = (title: string, body: string) => {
  if (typeof Notification === 'undefined') return;
  if (Notification.permission === 'granted') new Notification(title, { body });
  else if (Notification.permission === 'default') void Notification.requestPermission();
};

/**
 * The sidebar's queue, read from the server's records (so it is the same on every device and
 * survives a cleared browser), with toasts and notifications when a post finishes.
 */
export const ServerQueuePanel = ({ className }: { className?: string }) => {
  const queryClient = useQueryClient();
  const tiktokMode = useTikTokMode();
  const query = useQuery({
    queryKey: queryKeys.queue,
    queryFn: fetchQueue,
    refetchInterval: (q) => {
      const items = q.state.data?.items ?? [];
      if (items.some((item) => ACTIVE.has(item.status))) return POLL_MS;
      return items.some((item) => item.status === 'review') ? REVIEW_POLL_MS : false;
    },
  });
  const remove = useMutation({
    mutationFn: removeQueueItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.queue }),
  });

  // The render being posted; kept after closing so the dialog can animate out.
  const [upload, setUpload] = useState<{ url: string; open: boolean } | null>(null);

  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    for (const item of query.data?.items ?? []) {
      const before = seen.current.get(item.id);
      seen.current.set(item.id, item.status);
      if (!before || before === item.status) continue;
      const short = item.prompt.slice(0, 50);
      if (item.type === 'product-demo') {
        // docs/product/queue.md rule 5: a render's own words; it never goes to review.
        if (item.status === 'completed') {
          toast({
            title: 'Video Generation Complete!',
            description: `${short} is ready to download.`,
          });
          notify('Video Generation Complete!', `${short} is ready to download.`);
          void queryClient.invalidateQueries({ queryKey: queryKeys.entitlements });
        } else if (item.status === 'failed') {
          toast({ title: 'Rendering Failed', description: item.hint, variant: 'destructive' });
          notify('Rendering Failed', `${short}: ${item.hint}`);
          // A render reserves its credit at submit and gives it back when it fails.
          void queryClient.invalidateQueries({ queryKey: queryKeys.entitlements });
        }
        continue;
      }
      if (item.status === 'completed') {
        toast({ title: 'TikTok Post Complete!', description: `${short} is now live on TikTok!` });
        notify('TikTok Post Complete!', `${short} is now live on TikTok!`);
      } else if (item.status === 'review') {
        toast({
          title: 'Sent to TikTok Inbox',
          description: 'Open your TikTok app to complete the post.',
        });
        notify('Sent to TikTok Inbox', short);
      } else if (item.status === 'failed') {
        toast({ title: 'Post failed', description: item.hint, variant: 'destructive' });
        notify('Post failed', `${short}: ${item.hint}`);
      }
      // Delivered: the post's credit stands; failed: it was given back (decision 086).
      if (item.status === 'review' || item.status === 'completed' || item.status === 'failed') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.entitlements });
      }
    }
  }, [query.data, queryClient]);

  return (
    <>
      <QueuePanel
        className={className}
        sandbox={tiktokMode === 'sandbox'}
        items={(query.data?.items ?? []).map(toPanelItem)}
        onRemove={(id) => remove.mutate(id)}
        onViewPost={(item) => {
          // docs/product/queue.md rule 7: the post, else the profile with a word, else try again
          // shortly.
          if (item.link) window.open(item.link, '_blank', 'noopener,noreferrer');
          else if (item.profileLink) {
            toast({
              title: 'Post is public soon',
              description: 'Opening your TikTok profile as a fallback.',
            });
            window.open(item.profileLink, '_blank', 'noopener,noreferrer');
          } else {
            toast({
              title: 'Fetching TikTok link…',
              description: 'Please try again in a few seconds.',
            });
          }
        }}
        onUploadVideo={(item) => {
          if (item.link) setUpload({ url: item.link, open: true });
        }}
      />
      {upload ? (
        <Suspense fallback={null}>
          <VideoUploadDialog
            key={upload.url}
            open={upload.open}
            onOpenChange={(open) => setUpload({ ...upload, open })}
            videoUrl={upload.url}
            defaultTitle={DEMO_DEFAULT_TITLE}
          />
        </Suspense>
      ) : null}
    </>
  );
};
