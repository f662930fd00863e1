import { FeaturePendingPage } from '@/components/layout/feature-pending-page';

/**
 * App areas whose features land in later releases. Each says plainly what it will do rather
 * than showing controls that do nothing.
 */
export const PENDING_AREAS = {
  templates: {
    title: 'Templates',
    subtitle: 'Start from proven formats',
    description: 'Ready-made carousel and video formats you can fill with your product.',
  },
  analytics: {
    title: 'Analytics',
    subtitle: 'How your content performs',
    description: 'Views, engagement and the hooks that work best for your products.',
  },
} as const;

export const PendingRoute = ({ area }: { area: keyof typeof PENDING_AREAS }) => (
  <FeaturePendingPage {...PENDING_AREAS[area]} />
);
