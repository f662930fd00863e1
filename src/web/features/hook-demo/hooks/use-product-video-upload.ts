import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRODUCT_VIDEOS_PER_JOB } from '#contract/user-videos';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';
import { uploadProductVideo } from '../api/product-videos';
import { errorMessage } from '../lib/error-message';
import type { DurationReader } from '../lib/video-file-checks';
import { productVideoProblem, readVideoDuration } from '../lib/video-file-checks';
import type { DemoEditor } from './use-demo-editor';

const SERVER_TEXT_MAX = 180;

/**
 * Spec 02 §5 "Product video upload" and §8: at most one product video, checked here (size,
 * type, duration) before it is sent, then stored and normalised by the server.
 */
export const useProductVideoUpload = (
  editor: DemoEditor,
  signedIn: boolean,
  readDuration: DurationReader = readVideoDuration,
) => {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);

  const fail = (description: string) =>
    toast({ variant: 'destructive', title: 'Upload Failed', description });

  const upload = async (files: File[]) => {
    if (uploading || files.length === 0) return;
    if (!signedIn) return fail('You must be logged in to upload videos');
    const room = PRODUCT_VIDEOS_PER_JOB - editor.state.productVideoPaths.length;
    // Extra files are dropped (spec 02 §5); a full slot takes none.
    const taken = files.slice(0, Math.max(0, room));
    if (taken.length === 0) return;
    setUploading(true);
    try {
      let uploaded = 0;
      for (const file of taken) {
        const problem = await productVideoProblem(file, readDuration);
        if (problem) {
          fail(problem);
          continue;
        }
        try {
          const stored = await uploadProductVideo(file);
          editor.chooseProductVideo(stored.path, stored.signedUrl);
          uploaded += 1;
        } catch (error) {
          fail(errorMessage(error, 'Failed to upload video').slice(0, SERVER_TEXT_MAX));
        }
      }
      if (uploaded > 0) {
        toast({
          title: 'Video Uploaded Successfully',
          description: `${uploaded} video(s) uploaded and ready for generation.`,
        });
        void queryClient.invalidateQueries({ queryKey: queryKeys.productVideos });
      }
    } finally {
      setUploading(false);
    }
  };

  return { upload: (files: File[]) => void upload(files), uploading };
};
