import { useQueryClient } from '@tanstack/react-query';
import { Music2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { POST_TITLE_MAX } from '#contract/tiktok-posts';
import { SLIDE_PREVIEW_MIN_FONT_RATIO } from '#contract/slide-layout';
import { TikTokPostFields } from '@/components/tiktok/tiktok-post-fields';
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
import { renderSlide } from '@/lib/slide-render';
import { hostSlide, initPhotoPost, newIdempotencyKey } from '@/lib/tiktok/publishing-api';
import { uploadFailure } from '@/lib/tiktok/upload-errors';
import { usePostTarget } from '@/lib/tiktok/use-post-target';
import { useReturnFocus } from '@/lib/use-return-focus';
import type { Slide } from '../lib/slides';

export type CarouselUploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slides: Slide[];
  description: string;
  draftId?: string;
};

/** The upload size: TikTok takes at most 1080 px on the short side (reference §2.5). */
const UPLOAD_SIZE = 1080;

const defaultTitle = (description: string) =>
  (description.split('\n')[0] ?? '').trim().slice(0, POST_TITLE_MAX);

/**
 * Spec 02 §2.4 and §4: sends the carousel to the account's TikTok inbox as a draft. The slides
 * are drawn by the shared slide layout at the upload size, hosted on our origin, then sent; the
 * server checks them again and keeps the post's record, which the queue panel follows.
 */
export const CarouselUploadDialog = ({
  open,
  onOpenChange,
  slides,
  description,
  draftId,
}: CarouselUploadDialogProps) => {
  const returnFocus = useReturnFocus();
  const queryClient = useQueryClient();
  const target = usePostTarget(open);
  const [title, setTitle] = useState(() => defaultTitle(description));
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per post: a retry after a lost answer resumes the same post on the server.
  const key = useRef(newIdempotencyKey());

  const close = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };

  const upload = async () => {
    const withImages = slides.flatMap((s) =>
      s.imageUrl?.trim() ? [{ text: s.text, imageUrl: s.imageUrl.trim() }] : [],
    );
    if (withImages.length === 0) {
      toast({
        title: 'No images',
        description: 'Please add at least one image',
        variant: 'destructive',
      });
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      let urls: string[];
      try {
        urls = await Promise.all(
          withImages.map(async (slide, i) =>
            hostSlide(
              await renderSlide(slide, {
                size: UPLOAD_SIZE,
                minFontRatio: SLIDE_PREVIEW_MIN_FONT_RATIO,
                format: 'jpeg',
              }),
              i,
            ),
          ),
        );
      } catch (cause) {
        throw new Error('Failed to upload rendered slide', { cause });
      }
      const answer = await initPhotoPost({
        title,
        description,
        photo_images: urls,
        photo_cover_index: 0,
        post_mode: 'MEDIA_UPLOAD',
        account_open_id: target.openId || undefined,
        idempotency_key: key.current,
        origin_draft_id: draftId,
      });
      if (!answer.data.publish_id) throw new Error('No publish_id returned');
      toast({ title: 'Draft sent to Inbox', description: 'Open TikTok app to finish editing.' });
      key.current = newIdempotencyKey();
      setTitle(defaultTitle(description));
      void queryClient.invalidateQueries({ queryKey: queryKeys.queue });
      close(false);
    } catch (failure) {
      if (reportPaymentRequired(failure)) return;
      const { title: heading, description: message } = uploadFailure(
        failure,
        'Failed to initialize TikTok post',
      );
      setError(message);
      toast({ title: heading, description: message, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  const ready = target.openId !== '' && !target.expired;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md" showCloseButton={false} {...returnFocus}>
        <DialogHeader>
          <DialogTitle>
            Upload to TikTok
            {target.creator ? ` • Posting as ${target.creator.creator_nickname}` : ''}
          </DialogTitle>
          <DialogDescription>
            Send your slides to your TikTok inbox as a draft, then finish the post in the app.
          </DialogDescription>
        </DialogHeader>
        <TikTokPostFields
          idPrefix="carousel-upload"
          accounts={target.accounts}
          openId={target.openId}
          onOpenIdChange={target.setOpenId}
          title={title}
          onTitleChange={setTitle}
          disabled={submitting}
        />
        {target.accounts.length === 0 && !target.accountsLoading ? (
          <p className="text-sm text-muted-foreground">
            Connect your account in{' '}
            <Link
              to="/settings?tab=tiktok"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              TikTok settings
            </Link>{' '}
            to post.
          </p>
        ) : null}
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
        <p className="text-xs text-muted-foreground">
          By posting, you agree to TikTok&apos;s Music Usage Confirmation.
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={submitting || !ready} onClick={() => void upload()}>
            <Music2 aria-hidden="true" />
            {submitting ? 'Uploading...' : 'Upload'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
