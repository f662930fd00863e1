import { Info } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useReturnFocus } from '@/lib/use-return-focus';
import { usePurchasePlan } from '../hooks/use-purchase-plan';
import { PlanCards } from './plan-cards';

/** Plain words for the block reasons the entitlements and the 402 answers carry. */
const REASON_TEXT: Record<string, string> = {
  limit: "You've used all the Videos/Photos your plan includes this period.",
  no_plan: 'Generating needs a paid plan.',
  payment_issue:
    "Your last payment didn't go through. Update your payment method in Settings, or pick a plan.",
  product_limit: "You've reached the number of products your plan allows.",
  campaign_limit: 'Campaigns need a paid plan.',
  premium_template: 'Pro templates come with every paid plan.',
  ai_allowance_upgrade: "You've used today's free AI requests. Upgrade to keep going today.",
  upgrade_required: 'This needs a higher plan.',
  payment_required: 'This needs a higher plan.',
};

export const describeBlockReason = (reason: string) =>
  REASON_TEXT[reason] ?? "Your current plan doesn't include this.";

type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Why the action was blocked (docs/product/billing.md rule 6): `limit`, `product_limit`,
   * `campaign_limit`…
   */
  reason: string;
  currentPlan?: string;
};

/**
 * docs/product/billing.md rule 6: the plan cards, opened wherever generation or a gated action is
 * blocked.
 */
export const UpgradeDialog = ({ open, onOpenChange, reason, currentPlan }: UpgradeDialogProps) => {
  const purchase = usePurchasePlan();
  const returnFocus = useReturnFocus();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-6 sm:max-w-5xl" {...returnFocus}>
        <DialogHeader className="items-center pr-0 text-center sm:text-center">
          <DialogTitle className="text-2xl tracking-tight">Upgrade to Generate</DialogTitle>
          <DialogDescription className="text-base">
            All features included under Fair Use.
          </DialogDescription>
          <p
            data-reason={reason}
            className="mt-1 flex w-fit items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <Info aria-hidden="true" className="size-4 shrink-0" />
            {describeBlockReason(reason)}
          </p>
        </DialogHeader>

        <PlanCards
          className="pt-2"
          currentPlan={currentPlan}
          onBuy={async (plan) => {
            // An in-place change lands on /settings: the dialog has done its job.
            if ((await purchase(plan)) === 'updated') onOpenChange(false);
          }}
        />

        <DialogFooter className="sm:justify-center">
          <p className="text-center text-sm text-muted-foreground">
            You can manage or cancel at any time in Settings.
          </p>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
