import { FeaturePendingPage } from '@/features/shell/components/feature-pending-page';

/**
 * App areas whose features land in later releases. Each says plainly what it will do rather
 * than showing controls that do nothing.
 */
export const PENDING_AREAS = {
  create: {
    title: 'Create UGC Ads',
    subtitle: 'Photo carousels and Hook + Demo videos',
    description:
      'Choose a tool, write hooks with AI and turn them into a ready-to-post carousel or a short video. The creation tools are being set up for your account.',
  },
  campaigns: {
    title: 'Campaigns',
    subtitle: 'Plan and automate a week of posts',
    description:
      'Batch-create content for 1–4 weeks and schedule it on a calendar that posts to your TikTok inbox.',
  },
  templates: {
    title: 'Templates',
    subtitle: 'Start from proven formats',
    description: 'Ready-made carousel and video formats you can fill with your product.',
  },
  characters: {
    title: 'AI Characters',
    subtitle: 'Faces for your UGC videos',
    description: 'Pick or generate the AI characters that present your hooks.',
  },
  analytics: {
    title: 'Analytics',
    subtitle: 'How your content performs',
    description: 'Views, engagement and the hooks that work best for your products.',
  },
  products: {
    title: 'Products',
    subtitle: 'What you promote',
    description:
      'Add your products with a description and images; AI turns each into a brief with hooks, voice and hashtags.',
  },
} as const;

export const PendingRoute = ({ area }: { area: keyof typeof PENDING_AREAS }) => (
  // On /create a "Create New Ad" button would link to the page itself.
  <FeaturePendingPage {...PENDING_AREAS[area]} action={area === 'create' ? null : undefined} />
);
