import { useQueryClient } from '@tanstack/react-query';
import { Music2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { reportPaymentRequired } from '@/lib/payment-required';
import { queryKeys } from '@/lib/query-keys';
import { durationText } from '@/lib/tiktok/post-rules';
import { initVideoPost, newIdempotencyKey, putVideo } from '@/lib/tiktok/publishing-api';
import { uploadFailure } from '@/lib/tiktok/upload-errors';
import { usePostTarget } from '@/lib/tiktok/use-post-target';
import { TikTokPostFields } from './tiktok-post-fields';

export type VideoUploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videoUrl: string;
  defaultTitle?: string;
  draftId?: string;
  /** After the video reached TikTok (e.g. the editor removes its draft, spec 02 §4). */
  onPosted?: (publishId: string) => void;
};

/** Spec 02 §7: a video off our origin goes through our SSRF-guarded proxy. */
export const platformVideoUrl = (url: string, origin = window.location.origin) => {
  const absolute = new URL(url, origin).toString();
  if (absolute.startsWith(origin)) return absolute;
  const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(absolute)));
  return `${origin}/api/image-proxy/video-url/url/${encodeURIComponent(encoded)}`;
};

/**
 * Spec 02 §2.5: sends a video the product holds to the account's TikTok inbox. The server checks
 * it (ffprobe), starts the inbox upload and sends the bytes in TikTok's chunk rules.
 */
export const VideoUploadDialog = ({
  open,
  onOpenChange,
  videoUrl,
  defaultTitle = '',
  draftId,
  onPosted,
}: VideoUploadDialogProps) => {
  const queryClient = useQueryClient();
  const target = usePostTarget(open);
  const durationId = useId();
  const [title, setTitle] = useState(defaultTitle);
  const [duration, setDuration] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const src = platformVideoUrl(videoUrl);
  const maxDuration = target.creator?.max_video_post_duration_sec ?? null;
  const shown = duration === null ? null : durationText(duration, maxDuration);

  const upload = async () => {
    setSubmitting(true);
    setError(null);
    try {
      const init = await initVideoPost({
        title,
        description: title,
        video_url: src,
        post_mode: 'MEDIA_UPLOAD',
        account_open_id: target.openId || undefined,
        idempotency_key: key.current,
        origin_draft_id: draftId,
      });
      const publishId = init.data.publish_id;
      if (!publishId) throw new Error('No publish_id returned');
      await putVideo(init.data.upload_url, src);
      toast({
        title: 'Sent to TikTok Inbox',
        description: 'Open your TikTok app to complete the post.',
      });
      key.current = newIdempotencyKey();
      void queryClient.invalidateQueries({ queryKey: queryKeys.queue });
      onPosted?.(publishId);
      onOpenChange(false);
    } catch (failure) {
      if (reportPaymentRequired(failure)) return;
      const { title: heading, description } = uploadFailure(failure, 'Failed to upload to TikTok');
      setError(description);
      toast({ title: heading, description, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  const blocked =
    submitting ||
    title.trim() === '' ||
    target.openId === '' ||
    target.expired ||
    Boolean(shown?.tooLong);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>
            Upload to TikTok
            {target.creator ? ` • Posting as ${target.creator.creator_nickname}` : ''}
          </DialogTitle>
          <DialogDescription>
            The video goes to your TikTok inbox as a draft; finish the post in the app.
          </DialogDescription>
        </DialogHeader>
        <TikTokPostFields
          idPrefix="video-upload"
          accounts={target.accounts}
          openId={target.openId}
          onOpenIdChange={target.setOpenId}
          title={title}
          onTitleChange={setTitle}
          disabled={submitting}
        />
        <video
          src={src}
          controls
          muted
          playsInline
          aria-describedby={durationId}
          className="max-h-64 w-full rounded-md bg-black"
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        />
        <p
          id={durationId}
          className={shown?.tooLong ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
        >
          {shown?.text ?? 'Reading the video…'}
        </p>
        {target.expired ? (
          <p role="alert" className="text-sm text-destructive">
            Please reconnect your TikTok account to continue posting.
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={blocked} onClick={() => void upload()}>
            <Music2 aria-hidden="true" />
            {submitting ? 'Uploading...' : 'Upload'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
