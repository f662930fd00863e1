/**
 * docs/product/carousels.md rule 5 messages of the Carousel Maker, in one place so tests and code
 * agree.
 */
export type SuggestOutcome =
  | { kind: 'applied'; key: string }
  | { kind: 'empty'; key: string }
  | { kind: 'none' }
  | { kind: 'skipped' };

/** "AI plan applied" descriptions: "Applied N slides." and what happened to the images. */
export const suggestAppliedMessage = (count: number, outcome: SuggestOutcome) => {
  switch (outcome.kind) {
    case 'applied':
      return `Applied ${count} slides and images from ${outcome.key}.`;
    case 'empty':
      return `Applied ${count} slides. No images found in ${outcome.key}.`;
    case 'none':
      return `Applied ${count} slides. No collection selected.`;
    case 'skipped':
      return `Applied ${count} slides. Image selection skipped.`;
  }
};

export const MESSAGES = {
  noPlan: {
    title: 'No plan received',
    description: 'AI returned no slide texts. Please try again.',
  },
  suggestFailed: 'AI Suggest failed',
  pickFailed: 'AI Pick failed',
  pickNoCollection: 'No collection selected',
  pickError: 'Error choosing collection',
  noImages: { title: 'No images', description: 'Collection has no images' },
  noImagesPreview: {
    title: 'No images found',
    description: 'Please add at least one image to preview the carousel',
  },
  noImagesGenerate: {
    title: 'No images found',
    description: 'Please add at least one image to generate the carousel',
  },
  generated: (count: number) => ({
    title: 'Carousel generated successfully!',
    description: `Downloaded ${count} slides with text overlays`,
  }),
  generateFailed: {
    title: 'Generation failed',
    description: 'Failed to generate carousel. Please try again.',
  },
  uploadFailed: 'Upload failed',
  uploadFailedDefault: 'Failed to upload images',
  uploadNetwork: 'An error occurred while uploading images',
} as const;
