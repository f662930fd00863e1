import { Music2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useReturnFocus } from '@/lib/use-return-focus';
import type { Slide } from '../lib/slides';

export type CarouselUploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slides: Slide[];
  description: string;
  draftId?: string;
};

/**
 * Spec 02 §2.4, first part: posting to TikTok arrives with the TikTok integration. Until then
 * the dialog says honestly that no account is connected and points to where one will be.
 */
export const CarouselUploadDialog = ({ open, onOpenChange }: CarouselUploadDialogProps) => {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" showCloseButton={false} {...returnFocus}>
        <DialogHeader>
          <DialogTitle>Upload to TikTok</DialogTitle>
          <DialogDescription>
            Send your slides to your TikTok inbox as a draft, then finish the post in the app.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="carousel-upload-account">Account</Label>
          <NativeSelect id="carousel-upload-account" disabled value="">
            <NativeSelectOption value="">No TikTok accounts connected</NativeSelectOption>
          </NativeSelect>
          <p className="text-sm text-muted-foreground">
            Posting carousels to TikTok is coming soon. You can connect your account now in{' '}
            <Link
              to="/settings?tab=tiktok"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              TikTok settings
            </Link>
          </p>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" disabled>
            <Music2 aria-hidden="true" />
            Upload
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
