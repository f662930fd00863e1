import { useId, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { durationText } from '@/lib/tiktok/post-rules';
import { initVideoPost, putVideo } from '@/lib/tiktok/publishing-api';
import { usePostTarget } from '@/lib/tiktok/use-post-target';
import { UploadDialogFrame } from './upload-dialog-frame';
import { usePostSubmit } from './use-post-submit';

export type VideoUploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videoUrl: string;
  defaultTitle?: string;
  draftId?: string;
  /**
   * After the video reached TikTok (e.g. the editor removes its draft, docs/product/publishing.md
   * rule 10).
   */
  onPosted?: (publishId: string) => void;
};

/**
 * docs/product/publishing.md rule 8: a video off our origin goes through our SSRF-guarded proxy.
 */
export const platformVideoUrl = (url: string, origin = window.location.origin) => {
  const absolute = new URL(url, origin).toString();
  if (absolute.startsWith(origin)) return absolute;
  const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(absolute)));
  return `${origin}/api/image-proxy/video-url/url/${encodeURIComponent(encoded)}`;
};

/**
 * docs/product/publishing.md rule 5: sends a video the product holds to the account's TikTok inbox.
 * The server checks it (ffprobe), starts the inbox upload and sends the bytes in TikTok's chunk
 * rules.
 */
export const VideoUploadDialog = ({
  open,
  onOpenChange,
  videoUrl,
  defaultTitle = '',
  draftId,
  onPosted,
}: VideoUploadDialogProps) => {
  const target = usePostTarget(open);
  const post = usePostSubmit('Failed to upload to TikTok');
  const durationId = useId();
  const [title, setTitle] = useState(defaultTitle);
  const [duration, setDuration] = useState<number | null>(null);
  const src = platformVideoUrl(videoUrl);
  const maxDuration = target.creator?.max_video_post_duration_sec ?? null;
  const shown = duration === null ? null : durationText(duration, maxDuration);

  const upload = async () => {
    let publishId = '';
    const sent = await post.submit(async (idempotencyKey) => {
      const init = await initVideoPost({
        title,
        description: title,
        video_url: src,
        post_mode: 'MEDIA_UPLOAD',
        account_open_id: target.openId || undefined,
        idempotency_key: idempotencyKey,
        origin_draft_id: draftId,
      });
      publishId = init.data.publish_id;
      if (!publishId) throw new Error('No publish_id returned');
      await putVideo(init.data.upload_url, src);
    });
    if (!sent) return;
    toast({
      title: 'Sent to TikTok Inbox',
      description: 'Open your TikTok app to complete the post.',
    });
    onPosted?.(publishId);
    onOpenChange(false);
  };

  return (
    <UploadDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      description="The video goes to your TikTok inbox as a draft; finish the post in the app."
      idPrefix="video-upload"
      target={target}
      post={post}
      title={title}
      onTitleChange={setTitle}
      onUpload={() => void upload()}
      blocked={title.trim() === '' || Boolean(shown?.tooLong)}
      className="sm:max-w-lg"
    >
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
    </UploadDialogFrame>
  );
};
