import { useId } from 'react';
import type { TSandboxSwitches } from '#contract/tiktok-sandbox-inbox';
import { SANDBOX_SLOW_POLLS_MAX } from '#contract/tiktok-sandbox-inbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Flag = Exclude<keyof TSandboxSwitches, 'slow_polls'>;

const FLAGS: { key: Flag; label: string }[] = [
  { key: 'rate_limited', label: 'Rate limit (429 rate_limit_exceeded)' },
  {
    key: 'pending_share_limit',
    label: 'Too many pending shares (spam_risk_too_many_pending_share)',
  },
  { key: 'picture_size_fails', label: 'Photos fail the size check (picture_size_check_failed)' },
  { key: 'token_expired', label: 'Expired token (401 access_token_invalid)' },
  { key: 'server_error', label: 'Server error (500 internal_error)' },
];

type Props = {
  accountName: string;
  switches: TSandboxSwitches;
  onChange: (next: TSandboxSwitches) => void;
  disabled: boolean;
};

/** What the account's next API calls answer: each switch is one failure TikTok documents. */
export const FailureSwitches = ({ accountName, switches, onChange, disabled }: Props) => {
  const id = useId();
  return (
    <fieldset className="space-y-2 rounded-md border p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium">Make the next calls fail</legend>
      {FLAGS.map(({ key, label }) => (
        <div key={key} className="flex items-center gap-2">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            role="switch"
            aria-checked={switches[key]}
            className="size-4"
            checked={switches[key]}
            onChange={(e) => onChange({ ...switches, [key]: e.target.checked })}
            aria-describedby={`${id}-who`}
          />
          <Label htmlFor={`${id}-${key}`} className="font-normal">
            {label}
          </Label>
        </div>
      ))}
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-slow`} className="font-normal">
          Slow status: polls that stay in processing
        </Label>
        <Input
          id={`${id}-slow`}
          type="number"
          min={0}
          max={SANDBOX_SLOW_POLLS_MAX}
          className="w-20"
          value={switches.slow_polls}
          onChange={(e) => {
            const n = Math.max(0, Math.min(SANDBOX_SLOW_POLLS_MAX, Number(e.target.value) || 0));
            onChange({ ...switches, slow_polls: n });
          }}
          aria-describedby={`${id}-who`}
        />
      </div>
      <p id={`${id}-who`} className="text-xs text-muted-foreground">
        Applies to {accountName}'s calls until switched off.
      </p>
    </fieldset>
  );
};
