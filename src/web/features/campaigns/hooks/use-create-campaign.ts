import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { isPaymentRequired } from '@/lib/payment-required';
import { queryKeys } from '@/lib/query-keys';
import { createCampaign } from '../api/campaign-mutations';
import type { CreatePhase } from '../components/new-campaign-dialog';
import { rememberDailyTime } from '../lib/daily-time';
import { failureText } from '../lib/messages';
import type { NewCampaignForm } from '../lib/new-campaign-form';
import { toCreateRequest } from '../lib/new-campaign-form';
import { useCampaignPlan } from './use-campaign-plan';

/**
 * docs/product/campaigns.md rule 3: create, generate the plan, fill the
 * carousels' images, then open the items dialog (`onReady`). A 402 on create (campaign_limit) opens
 * the upgrade dialog through the query client; one on the plan goes to /pricing.
 */
export const useCreateCampaign = ({
  onCreated,
  onReady,
}: {
  onCreated: () => void;
  onReady: (campaignId: string) => void;
}) => {
  const queryClient = useQueryClient();
  const { planCampaign, phase: planPhase } = useCampaignPlan();
  const [creatingId, setCreatingId] = useState<string | null>(null);
  const create = useMutation({ mutationFn: createCampaign });

  const run = async (form: NewCampaignForm) => {
    let campaignId: string;
    try {
      const campaign = await create.mutateAsync(toCreateRequest(form));
      campaignId = campaign.id;
      queryClient.setQueryData(queryKeys.campaigns, (old: unknown) => [
        campaign,
        ...(Array.isArray(old) ? old : []),
      ]);
    } catch (error) {
      if (isPaymentRequired(error)) onCreated();
      else
        toast({
          variant: 'destructive',
          title: 'Create failed',
          description: failureText(error, '') || undefined,
        });
      return;
    }
    if (form.scheduleMode === 'interval') rememberDailyTime(campaignId, form.dailyTime);
    toast({ title: 'Campaign created', description: 'Generating initial plan…' });
    setCreatingId(campaignId);
    const planned = await planCampaign(campaignId);
    setCreatingId(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns, exact: true });
    onCreated();
    // After a 402 the user is on the pricing page; the campaign waits for them here.
    if (planned !== 'left') onReady(campaignId);
  };

  const phase: CreatePhase = create.isPending
    ? 'creating'
    : creatingId
      ? (planPhase ?? 'planning')
      : null;

  return { create: (form: NewCampaignForm) => void run(form), phase };
};
