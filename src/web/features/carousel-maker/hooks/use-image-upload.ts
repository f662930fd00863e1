import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useUploadCarouselImages } from '../api/upload-carousel-images';
import { MESSAGES } from '../lib/toasts';

/** Uploads the user's own images to My Images; anything but an image is refused here. */
export const useImageUpload = () => {
  const upload = useUploadCarouselImages();

  const uploadImages = (files: File[]) => {
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (images.length === 0) {
      toast({
        variant: 'destructive',
        title: MESSAGES.uploadFailed,
        description: 'Only image files can be uploaded.',
      });
      return;
    }
    upload.mutate(images, {
      onError: (error) => {
        const network = error instanceof TypeError;
        toast({
          variant: 'destructive',
          title: MESSAGES.uploadFailed,
          description: network
            ? MESSAGES.uploadNetwork
            : error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : MESSAGES.uploadFailedDefault,
        });
      },
    });
  };

  return { uploadImages, uploading: upload.isPending };
};
