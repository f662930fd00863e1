import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRODUCT_VIDEOS_PER_JOB } from '#contract/user-videos';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';
import {
  addProductVideoToCache,
  checkProductVideoFile,
  readVideoDuration,
  UPLOAD_TEXTS,
  uploadProductVideo,
  videoFileErrors,
} from '@/lib/product-videos';
import { errorMessage } from '../lib/error-message';
import type { DemoEditor } from './use-demo-editor';

/**
 * docs/product/hook-demo.md rule 4: at most one product video, checked here (size,
 * type, duration) before it is sent, then stored and normalised by the server.
 */
export const useProductVideoUpload = (
  editor: DemoEditor,
  signedIn: boolean,
  readDuration: (file: File) => Promise<number> = readVideoDuration,
) => {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);

  const fail = (description: string) =>
    toast({ variant: 'destructive', title: UPLOAD_TEXTS.failedTitle, description });

  const upload = async (files: File[]) => {
    if (uploading || files.length === 0) return;
    if (!signedIn) return fail(videoFileErrors.signedOut);
    const room = PRODUCT_VIDEOS_PER_JOB - editor.state.productVideoPaths.length;
    // Extra files are dropped (docs/product/hook-demo.md rule 4); a full slot takes none.
    const taken = files.slice(0, Math.max(0, room));
    if (taken.length === 0) return;
    setUploading(true);
    try {
      let uploaded = 0;
      for (const file of taken) {
        const problem = await checkProductVideoFile(file, readDuration);
        if (problem) {
          fail(problem);
          continue;
        }
        try {
          const stored = await uploadProductVideo(file);
          editor.chooseProductVideo(stored.path, stored.signedUrl, stored.originalUrl);
          addProductVideoToCache(queryClient, stored);
          uploaded += 1;
        } catch (error) {
          fail(errorMessage(error, UPLOAD_TEXTS.failedFallback));
        }
      }
      if (uploaded > 0) {
        toast({
          title: UPLOAD_TEXTS.successTitle,
          description: UPLOAD_TEXTS.successDescription(uploaded),
        });
        void queryClient.invalidateQueries({ queryKey: queryKeys.productVideos });
      }
    } finally {
      setUploading(false);
    }
  };

  return { upload: (files: File[]) => void upload(files), uploading };
};
