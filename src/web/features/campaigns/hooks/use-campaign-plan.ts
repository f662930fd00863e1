import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';
import { generatePlan } from '../api/campaign-mutations';
import { fillItemImages } from '../api/item-generation';
import { parseCampaignItems } from '../api/get-campaign-items';
import { needsImages } from '../lib/fill-images';
import { failureText } from '../lib/messages';
import { usePricingRedirect } from './use-pricing-redirect';

export type PlanPhase = 'planning' | 'images' | null;

/**
 * docs/product/campaigns.md rule 3: generate the plan, then give each carousel item without images
 * a collection's images. Used right after creating a campaign and by "Generate Plan". Resolves
 * 'planned' when the plan was made (the images are best effort: an item left without them can still
 * be filled with "Generate Carousel" or in the Carousel Maker), 'failed', or 'left' when a 402 sent
 * the user to the pricing page.
 */
export const useCampaignPlan = () => {
  const queryClient = useQueryClient();
  const toPricing = usePricingRedirect();
  const [phase, setPhase] = useState<PlanPhase>(null);

  const planCampaign = useCallback(
    async (campaignId: string): Promise<'planned' | 'failed' | 'left'> => {
      setPhase('planning');
      try {
        const items = await generatePlan(campaignId);
        queryClient.setQueryData(queryKeys.campaignItems(campaignId), { items });
        toast({ title: 'Plan generated', description: `${items.length} items created.` });
        const toFill = parseCampaignItems({ items }).filter(needsImages);
        if (toFill.length > 0) setPhase('images');
        for (const item of toFill) {
          // One at a time: the AI allowance and a small server are shared with everything else.
          await fillItemImages(queryClient, item).catch(() => null);
        }
        return 'planned';
      } catch (error) {
        if (toPricing(error)) return 'left';
        toast({
          variant: 'destructive',
          title: 'Plan generation failed',
          description: failureText(error, 'Please try Generate Plan manually'),
        });
        return 'failed';
      } finally {
        setPhase(null);
        void queryClient.invalidateQueries({
          queryKey: queryKeys.campaignItems(campaignId),
          exact: true,
        });
      }
    },
    [queryClient, toPricing],
  );

  return { planCampaign, phase };
};
