import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { buildCarouselZip } from '@/lib/slide-render';
import { downloadBlob } from '../lib/download';
import { MESSAGES } from '../lib/toasts';
import type { CarouselEditor } from './use-carousel-editor';
import { useGenerationGuard } from '@/lib/use-generation-guard';

/**
 * What leaves the editor: the preview, the zip download and the upload to TikTok. Generating and
 * uploading pass the generation guard first (docs/product/create.md rule 5).
 */
export const useCarouselExport = (
  editor: CarouselEditor,
  openUpgradeDialog: (reason: string) => void,
) => {
  const guard = useGenerationGuard(openUpgradeDialog);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [generating, setGenerating] = useState(false);
  const { slides, description } = editor.state;
  const hasImages = editor.slidesWithImages.length > 0;

  const preview = () => {
    if (!hasImages) {
      toast({ variant: 'destructive', ...MESSAGES.noImagesPreview });
      return;
    }
    setPreviewOpen(true);
  };

  /** docs/product/carousels.md rule 5: downloads carousel_{timestamp}.zip. */
  const generate = async () => {
    if (generating) return;
    setGenerating(true);
    try {
      if (!(await guard())) return;
      if (!hasImages) {
        toast({ variant: 'destructive', ...MESSAGES.noImagesGenerate });
        return;
      }
      const zip = await buildCarouselZip(
        slides.map((s) => ({ text: s.text, imageUrl: s.imageUrl })),
        description,
      );
      downloadBlob(zip.blob, zip.fileName);
      toast(MESSAGES.generated(zip.count));
    } catch {
      toast({ variant: 'destructive', ...MESSAGES.generateFailed });
    } finally {
      setGenerating(false);
    }
  };

  const openUpload = async () => {
    if (await guard()) setUploadOpen(true);
  };

  return {
    previewOpen,
    setPreviewOpen,
    uploadOpen,
    setUploadOpen,
    generating,
    preview,
    generate,
    openUpload,
  };
};
