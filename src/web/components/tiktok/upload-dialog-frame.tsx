import { Music2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { usePostTarget } from '@/lib/tiktok/use-post-target';
import { useReturnFocus } from '@/lib/use-return-focus';
import { cn } from '@/lib/utils';
import { useTikTokMode } from '@/lib/tiktok/tiktok-mode';
import { TikTokNotConfiguredNote, TikTokSandboxBadge } from './tiktok-mode-notes';
import { TikTokPermissionNote } from './tiktok-permission-note';
import { TikTokPostFields } from './tiktok-post-fields';
import type { PostSubmit } from './use-post-submit';

type UploadDialogFrameProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sentence under the title: what is sent where. */
  description: string;
  idPrefix: string;
  target: ReturnType<typeof usePostTarget>;
  post: PostSubmit;
  title: string;
  onTitleChange: (title: string) => void;
  onUpload: () => void;
  /** A reason of the dialog's own not to upload yet. */
  blocked?: boolean;
  className?: string;
  /** What the dialog shows between the fields and its alerts. */
  children?: ReactNode;
  /** A last note above the buttons. */
  footnote?: ReactNode;
};

/**
 * Both upload dialogs (docs/product/publishing.md rule 3): "Upload to TikTok • Posting as
 * {nickname}", the post fields, the reconnect and failure alerts, Cancel and Upload. Closing clears
 * the failure (docs/product/publishing.md rule 3).
 */
export const UploadDialogFrame = ({
  open,
  onOpenChange,
  description,
  idPrefix,
  target,
  post,
  title,
  onTitleChange,
  onUpload,
  blocked = false,
  className,
  children,
  footnote,
}: UploadDialogFrameProps) => {
  const returnFocus = useReturnFocus();
  const close = (next: boolean) => {
    if (!next) post.clearError();
    onOpenChange(next);
  };
  const notConfigured = useTikTokMode() === 'off';
  const disabled =
    post.submitting || target.openId === '' || target.expired || blocked || notConfigured;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className={cn('sm:max-w-md', className)}
        showCloseButton={false}
        {...returnFocus}
      >
        <DialogHeader>
          <DialogTitle>
            Upload to TikTok
            {target.creator ? ` • Posting as ${target.creator.creator_nickname}` : ''}
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          <TikTokSandboxBadge className="w-fit" />
        </DialogHeader>
        <TikTokNotConfiguredNote />
        <TikTokPostFields
          idPrefix={idPrefix}
          accounts={target.accounts}
          openId={target.openId}
          onOpenIdChange={target.setOpenId}
          title={title}
          onTitleChange={onTitleChange}
          disabled={post.submitting}
        />
        {children}
        {target.expired ? null : (
          <TikTokPermissionNote
            missingScopes={target.missingScopes}
            refusal={target.creatorRefusal}
          />
        )}
        {target.expired ? (
          <p role="alert" className="text-sm text-destructive">
            Please reconnect your TikTok account to continue posting.
          </p>
        ) : null}
        {post.error ? (
          <p role="alert" className="text-sm text-destructive">
            {post.error}
          </p>
        ) : null}
        {footnote}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={disabled} onClick={onUpload}>
            <Music2 aria-hidden="true" />
            {post.submitting ? 'Uploading...' : 'Upload'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
