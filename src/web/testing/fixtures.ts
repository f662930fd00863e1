import type { TDraft } from '#contract/drafts';
import type { TProduct } from '#contract/products';

const CREATED = '2025-03-04T15:30:00.000Z';

/** A draft as GET /api/drafts/{id} answers it: an empty carousel unless `over` says otherwise. */
export const draftFixture = (over: Partial<TDraft> = {}): TDraft => ({
  id: 'd1',
  type: 'carousel',
  productId: null,
  hook: null,
  caption: null,
  hashtags: [],
  carouselPlan: null,
  assets: {},
  status: 'draft',
  originItemId: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  ...over,
});

/** A product as GET /api/products answers it, not yet analysed unless `over` says otherwise. */
export const productFixture = (over: Partial<TProduct> = {}): TProduct => ({
  id: 'p1',
  name: 'Glow Serum',
  description: '$24 vitamin C serum',
  images: [],
  thumbnails: [],
  isDefault: true,
  brandVoice: null,
  aiBrief: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  ...over,
});
