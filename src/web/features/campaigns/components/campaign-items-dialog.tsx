import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Loader2, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TCampaign } from '#contract/campaigns';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';
import { deleteCampaign, scheduleAll } from '../api/campaign-mutations';
import { campaignItemsQueryOptions } from '../api/get-campaign-items';
import type { PlanPhase } from '../hooks/use-campaign-plan';
import { useItemActions } from '../hooks/use-item-actions';
import { rememberedDailyTime } from '../lib/daily-time';
import { ItemRow } from './item-row';
import { ScheduleAllDialog } from './schedule-all-dialog';

type Props = {
  campaign: TCampaign | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onGeneratePlan: (campaignId: string) => void;
  planPhase: PlanPhase;
  onDeleted: () => void;
};

const dateLabel = (key: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${key}T00:00:00Z`),
  );

/** docs/product/campaigns.md rule 6: the "Campaign Items" dialog. */
export const CampaignItemsDialog = ({ campaign, open, onOpenChange, ...rest }: Props) => (
  <Dialog open={open} onOpenChange={onOpenChange}>
    <DialogContent className="sm:max-w-3xl">
      {campaign ? (
        <ItemsDialogBody key={campaign.id} campaign={campaign} {...rest} />
      ) : (
        <DialogHeader>
          <DialogTitle>Campaign Items</DialogTitle>
          <DialogDescription>This campaign could not be found.</DialogDescription>
        </DialogHeader>
      )}
    </DialogContent>
  </Dialog>
);

const ItemsDialogBody = ({
  campaign,
  onGeneratePlan,
  planPhase,
  onDeleted,
}: Omit<Props, 'campaign' | 'open' | 'onOpenChange'> & { campaign: TCampaign }) => {
  const queryClient = useQueryClient();
  const items = useQuery(campaignItemsQueryOptions(campaign.id));
  const list = items.data ?? [];
  const actions = useItemActions(campaign, list);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);

  const remove = useMutation({
    mutationFn: () => deleteCampaign(campaign.id),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.campaigns, (old: unknown) =>
        Array.isArray(old)
          ? old.filter((c) => (c as { id?: unknown } | null)?.id !== campaign.id)
          : old,
      );
      queryClient.removeQueries({ queryKey: queryKeys.campaignItems(campaign.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns, exact: true });
      toast({ title: 'Campaign deleted' });
      onDeleted();
    },
    onError: () => toast({ variant: 'destructive', title: 'Delete failed' }),
  });

  const bulk = useMutation({
    mutationFn: (time: { preferredHour: number; preferredMinute: number }) =>
      scheduleAll(campaign.id, time),
    onSuccess: (scheduled) => {
      toast({ title: 'Scheduled', description: `${scheduled} items scheduled.` });
      setScheduleOpen(false);
      void queryClient.invalidateQueries({
        queryKey: queryKeys.campaignItems(campaign.id),
        exact: true,
      });
    },
    onError: () => toast({ variant: 'destructive', title: 'Bulk schedule failed' }),
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Campaign Items</DialogTitle>
        <DialogDescription>
          {campaign.name} · {dateLabel(campaign.startDate)} – {dateLabel(campaign.endDate)} ·{' '}
          {campaign.timezone}
        </DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() => setScheduleOpen(true)}
          disabled={list.length === 0}
        >
          <CalendarClock aria-hidden="true" />
          Schedule All
        </Button>
        {items.isSuccess && list.length === 0 ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onGeneratePlan(campaign.id)}
            disabled={planPhase !== null}
          >
            {planPhase ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            {planPhase === 'images'
              ? 'Adding images…'
              : planPhase
                ? 'Generating plan…'
                : 'Generate Plan'}
          </Button>
        ) : null}
        <Button
          type="button"
          size="sm"
          variant="destructive"
          className="ml-auto"
          onClick={() => setConfirmDelete(true)}
        >
          <Trash2 aria-hidden="true" />
          Delete Campaign
        </Button>
      </div>

      {items.isPending ? (
        <div role="status" aria-label="Loading items" className="space-y-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : items.isError ? (
        <div className="rounded-lg border border-dashed p-6 text-center">
          <p role="alert" className="font-medium">
            Failed to fetch items
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => void items.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {planPhase
            ? 'Writing the plan for this campaign…'
            : 'No items yet. Generate the plan to fill this campaign.'}
        </p>
      ) : (
        <ul aria-label="Items" className="space-y-3">
          {list.map((item) => (
            <ItemRow
              key={`${item.id}-${item.dateScheduled ?? ''}`}
              item={item}
              campaign={campaign}
              busy={actions.busy(item)}
              onGenerate={() => actions.generate(item)}
              onSchedule={(at) => actions.schedule(item, at)}
              onUnschedule={() => actions.unschedule(item)}
            />
          ))}
        </ul>
      )}

      {scheduleOpen ? (
        <ScheduleAllDialog
          open={scheduleOpen}
          onOpenChange={setScheduleOpen}
          timezone={campaign.timezone}
          initialTime={rememberedDailyTime(campaign.id)}
          onApply={(time) => bulk.mutate(time)}
          applying={bulk.isPending}
        />
      ) : null}

      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this campaign?</AlertDialogTitle>
            <AlertDialogDescription>
              Its items and their schedule go with it. This action cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => remove.mutate()}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
};
