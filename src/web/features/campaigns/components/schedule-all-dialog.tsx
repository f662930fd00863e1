import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TikTokNotConfiguredNote } from '@/components/tiktok/tiktok-mode-notes';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timezone: string;
  initialTime: string;
  onApply: (time: { preferredHour: number; preferredMinute: number }) => void;
  applying: boolean;
};

/**
 * docs/product/campaigns.md rule 6 "Schedule All": a daily time and Apply (opened from the Campaign
 * Items dialog).
 */
export const ScheduleAllDialog = ({
  open,
  onOpenChange,
  timezone,
  initialTime,
  onApply,
  applying,
}: Props) => {
  const id = useId();
  const [time, setTime] = useState(initialTime);
  const [hour, minute] = time.split(':').map(Number);
  const valid = Number.isInteger(hour) && Number.isInteger(minute);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || applying) return;
    onApply({ preferredHour: hour!, preferredMinute: minute! });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (applying ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-sm">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Schedule All</DialogTitle>
            <DialogDescription>
              Every item that is ready goes out at this time of day ({timezone}). Times already past
              are skipped.
            </DialogDescription>
          </DialogHeader>
          <TikTokNotConfiguredNote />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-time`}>Daily time</Label>
            <Input
              id={`${id}-time`}
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              required
            />
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={applying}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={!valid || applying}>
              {applying ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Apply
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
};
