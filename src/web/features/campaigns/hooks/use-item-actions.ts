import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCampaign } from '#contract/campaigns';
import { toast } from '@/components/ui/use-toast';
import type { TCampaignItemPatch, TCampaignItemView } from '@/lib/campaign-items';
import { setCampaignItemInCache, updateCampaignItem } from '@/lib/campaign-items';
import { generateCarouselForItem, generateHookForItem } from '../api/item-generation';
import { failureText } from '../lib/messages';
import { zonedLabel } from '../lib/zoned-time';
import { usePricingRedirect } from './use-pricing-redirect';

// These calls handle a 402 themselves (a redirect to /pricing, docs/product/campaigns.md rule 5).
const ownPaymentHandling = { upgradeDialog: false } as const;

/**
 * The Campaign Items dialog's per-item actions, each with its toasts (docs/product/campaigns.md
 * rule 6).
 */
export const useItemActions = (campaign: TCampaign, items: readonly TCampaignItemView[]) => {
  const queryClient = useQueryClient();
  const toPricing = usePricingRedirect();

  const patch = (item: TCampaignItemView, body: TCampaignItemPatch) =>
    updateCampaignItem(item, body).then((updated) => {
      setCampaignItemInCache(queryClient, updated);
      return updated;
    });

  const generate = useMutation({
    meta: ownPaymentHandling,
    mutationFn: (item: TCampaignItemView) =>
      item.type === 'carousel'
        ? generateCarouselForItem(queryClient, item, campaign)
        : generateHookForItem(
            queryClient,
            item,
            campaign,
            items.filter((i) => i.id !== item.id && i.hook).map((i) => i.hook!),
          ),
    onSuccess: (_updated, item) =>
      toast(
        item.type === 'carousel'
          ? { title: 'Carousel ready', description: 'Slides and caption saved to item.' }
          : { title: 'Hook generated', description: 'Hook saved to item.' },
      ),
    onError: (error) => {
      if (toPricing(error)) return;
      toast({
        variant: 'destructive',
        title: 'Generation failed',
        description: failureText(error, 'Please try again.'),
      });
    },
  });

  const schedule = useMutation({
    mutationFn: ({ item, at }: { item: TCampaignItemView; at: string }) =>
      patch(item, { dateScheduled: at }),
    onSuccess: (updated) =>
      toast({
        title: 'Scheduled',
        description: updated.dateScheduled
          ? zonedLabel(updated.dateScheduled, campaign.timezone)
          : undefined,
      }),
    onError: () =>
      toast({
        variant: 'destructive',
        title: 'Schedule failed',
        description: 'Assets not ready or invalid date',
      }),
  });

  const unschedule = useMutation({
    mutationFn: (item: TCampaignItemView) => patch(item, { dateScheduled: null }),
    onSuccess: () => toast({ title: 'Unschedule', description: 'Item unscheduled' }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Unschedule failed',
        description: failureText(error, ''),
      }),
  });

  const busy = (item: TCampaignItemView) => ({
    generating: generate.isPending && generate.variables.id === item.id,
    scheduling: schedule.isPending && schedule.variables.item.id === item.id,
    unscheduling: unschedule.isPending && unschedule.variables.id === item.id,
  });

  return {
    generate: (item: TCampaignItemView) => generate.mutate(item),
    schedule: (item: TCampaignItemView, at: string) => schedule.mutate({ item, at }),
    unschedule: (item: TCampaignItemView) => unschedule.mutate(item),
    busy,
  };
};
