import { CalendarPlus, Plus, RotateCw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useEntitlements } from '@/lib/entitlements';
import { useProducts } from '@/lib/products/get-products';
import { useAllCampaignItems } from '../api/get-campaign-items';
import { useCampaigns } from '../api/get-campaigns';
import { useCampaignPlan } from '../hooks/use-campaign-plan';
import { useCreateCampaign } from '../hooks/use-create-campaign';
import type { MonthRef } from '../lib/calendar';
import { monthOfKey } from '../lib/calendar';
import { campaignColors } from '../lib/campaign-colors';
import { localDateKey } from '../lib/new-campaign-form';
import { CampaignCalendar } from './campaign-calendar';
import { CampaignItemsDialog } from './campaign-items-dialog';
import { CampaignList } from './campaign-list';
import { NewCampaignDialog } from './new-campaign-dialog';

type Props = {
  /**
   * The app's upgrade dialog (docs/product/campaigns.md rule 5: free plans get reason
   * campaign_limit).
   */
  openUpgradeDialog: (reason: string) => void;
};

/** docs/product/campaigns.md rule 1: /campaigns. */
export const CampaignsPage = ({ openUpgradeDialog }: Props) => {
  const [params, setParams] = useSearchParams();
  const openCampaignId = params.get('openCampaign');
  const tab = params.get('openTab') === 'list' ? 'list' : 'calendar';
  const campaigns = useCampaigns();
  const list = useMemo(() => campaigns.data ?? [], [campaigns.data]);
  const ids = useMemo(() => list.map((c) => c.id), [list]);
  const items = useAllCampaignItems(ids);
  const products = useProducts();
  const entitlements = useEntitlements();
  const colors = useMemo(() => campaignColors(list), [list]);
  const today = localDateKey(new Date());
  const [month, setMonth] = useState<MonthRef>(() => monthOfKey(today));
  const [newOpen, setNewOpen] = useState(false);
  const plan = useCampaignPlan();

  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === 'openTab' },
    );
  const openCampaign = (id: string) => setParam('openCampaign', id);

  const flow = useCreateCampaign({
    onCreated: () => setNewOpen(false),
    onReady: openCampaign,
  });

  // "Failed to fetch items" once per failure, not on every render.
  const toldFailure = useRef(false);
  useEffect(() => {
    if (items.failed && !toldFailure.current) {
      toldFailure.current = true;
      toast({ variant: 'destructive', title: 'Failed to fetch items' });
    }
    if (!items.failed) toldFailure.current = false;
  }, [items.failed]);

  const onNewCampaign = () => {
    // docs/product/campaigns.md rule 5: the free plan cannot create campaigns.
    if (entitlements.data?.plan === 'free') openUpgradeDialog('campaign_limit');
    else setNewOpen(true);
  };

  const newButton = (label: string) => (
    <Button type="button" onClick={onNewCampaign}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Campaigns"
        subtitle="Plan and batch-create UGC content over time"
        action={newButton('New Campaign')}
      />

      {campaigns.isPending ? (
        <div role="status" aria-label="Loading campaigns">
          <Skeleton className="h-[32rem] w-full rounded-xl" />
        </div>
      ) : campaigns.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <p role="alert" className="font-medium">
            Your campaigns couldn&apos;t be loaded.
          </p>
          <Button type="button" variant="outline" onClick={() => void campaigns.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-20 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-primary">
            <CalendarPlus aria-hidden="true" className="size-6" />
          </span>
          <h2 className="text-lg font-semibold">No campaigns yet</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            Pick a product and a span of 1–4 weeks: we plan the posts, write the hooks and
            carousels, and send each one to your TikTok inbox on its day.
          </p>
          <div className="mt-2">{newButton('Create First Campaign')}</div>
        </div>
      ) : (
        <Tabs value={tab} onValueChange={(v) => setParam('openTab', v === 'list' ? 'list' : null)}>
          <TabsList aria-label="View">
            <TabsTrigger value="calendar">Calendar</TabsTrigger>
            <TabsTrigger value="list">List</TabsTrigger>
          </TabsList>
          <TabsContent value="calendar" className="mt-4">
            <CampaignCalendar
              month={month}
              onMonthChange={setMonth}
              onToday={() => setMonth(monthOfKey(today))}
              today={today}
              campaigns={list}
              colors={colors}
              itemsByCampaign={items.byCampaign}
              onOpenCampaign={openCampaign}
            />
          </TabsContent>
          <TabsContent value="list" className="mt-4">
            <CampaignList
              campaigns={list}
              colors={colors}
              itemsByCampaign={items.byCampaign}
              products={products.data}
              onOpenCampaign={openCampaign}
            />
          </TabsContent>
        </Tabs>
      )}

      <NewCampaignDialog
        open={newOpen}
        onOpenChange={setNewOpen}
        products={products.data}
        onCreate={flow.create}
        phase={flow.phase}
      />
      <CampaignItemsDialog
        open={openCampaignId !== null && !campaigns.isPending}
        onOpenChange={(open) => {
          if (!open) setParam('openCampaign', null);
        }}
        campaign={list.find((c) => c.id === openCampaignId)}
        onGeneratePlan={(id) => void plan.planCampaign(id)}
        planPhase={plan.phase}
        onDeleted={() => setParam('openCampaign', null)}
      />
    </>
  );
};
