import { useState } from 'react';
import { Link } from 'react-router';
import { POST_TITLE_MAX } from '#contract/tiktok-posts';
import { SLIDE_PREVIEW_MIN_FONT_RATIO } from '#contract/slide-layout';
import { UploadDialogFrame } from '@/components/tiktok/upload-dialog-frame';
import { usePostSubmit } from '@/components/tiktok/use-post-submit';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { renderSlide } from '@/lib/slide-render';
import { hostSlide, initPhotoPost } from '@/lib/tiktok/publishing-api';
import { usePostTarget } from '@/lib/tiktok/use-post-target';
import type { Slide } from '../lib/slides';

export type CarouselUploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slides: Slide[];
  description: string;
  draftId?: string;
};

/** The upload size: TikTok takes at most 1080 px on the short side (TikTok's photo post docs). */
const UPLOAD_SIZE = 1080;

/**
 * The failure toast's title, in the seller's words rather than the generic "Failed to initialize
 * TikTok post" (decision 110); the description under it says why and what to do.
 */
export const CAROUSEL_NOT_SENT = 'Your carousel could not be sent to TikTok';

const defaultTitle = (description: string) =>
  (description.split('\n')[0] ?? '').trim().slice(0, POST_TITLE_MAX);

/**
 * docs/product/publishing.md rule 5; docs/product/carousels.md rule 7: sends the carousel to the
 * account's TikTok inbox as a draft. The slides are drawn by the shared slide layout at the upload
 * size, hosted on our origin, then sent; the server checks them again and keeps the post's record,
 * which the queue panel follows.
 */
export const CarouselUploadDialog = ({
  open,
  onOpenChange,
  slides,
  description,
  draftId,
}: CarouselUploadDialogProps) => {
  const target = usePostTarget(open);
  const post = usePostSubmit(CAROUSEL_NOT_SENT);
  const [title, setTitle] = useState(() => defaultTitle(description));
  // The dialog stays mounted; each opening starts from the carousel's description as it is now,
  // not as it was when the page first drew it (an earlier AI Suggest caption).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTitle(defaultTitle(description));
  }

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
    const sent = await post.submit(async (idempotencyKey) => {
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
        // The seller's words (docs/product/publishing.md rule 10), then what happened (the busy
        // server's give-up sentence, say).
        const why = cause instanceof ApiError ? cause.serverMessage : undefined;
        throw new Error(
          why ? `Failed to upload rendered slide. ${why}` : 'Failed to upload rendered slide',
          {
            cause,
          },
        );
      }
      const answer = await initPhotoPost({
        title,
        description,
        photo_images: urls,
        photo_cover_index: 0,
        post_mode: 'MEDIA_UPLOAD',
        account_open_id: target.openId || undefined,
        idempotency_key: idempotencyKey,
        origin_draft_id: draftId,
      });
      if (!answer.data.publish_id) throw new Error('No publish_id returned');
    });
    if (!sent) return;
    toast({ title: 'Draft sent to Inbox', description: 'Open TikTok app to finish editing.' });
    setTitle(defaultTitle(description));
    onOpenChange(false);
  };

  return (
    <UploadDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      description="Send your slides to your TikTok inbox as a draft, then finish the post in the app."
      idPrefix="carousel-upload"
      target={target}
      post={post}
      title={title}
      onTitleChange={setTitle}
      onUpload={() => void upload()}
      footnote={
        <p className="text-xs text-muted-foreground">
          By posting, you agree to TikTok&apos;s Music Usage Confirmation.
        </p>
      }
    >
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
    </UploadDialogFrame>
  );
};
