import type { TTikTokAccount } from '#contract/tiktok';
import { POST_TITLE_MAX } from '#contract/tiktok-posts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { titleCounter } from '@/lib/tiktok/post-rules';

type Props = {
  idPrefix: string;
  accounts: TTikTokAccount[];
  openId: string;
  onOpenIdChange: (openId: string) => void;
  title: string;
  onTitleChange: (title: string) => void;
  disabled?: boolean;
};

/**
 * The fields both upload dialogs share (docs/product/publishing.md rule 3): account, title with its
 * counter, and the mode switch, disabled while Direct Post is not available, so drafts always
 * apply.
 */
export const TikTokPostFields = ({
  idPrefix,
  accounts,
  openId,
  onOpenIdChange,
  title,
  onTitleChange,
  disabled,
}: Props) => (
  <div className="space-y-4">
    <div className="space-y-2">
      <Label htmlFor={`${idPrefix}-account`}>Account</Label>
      <NativeSelect
        id={`${idPrefix}-account`}
        value={openId}
        disabled={disabled || accounts.length === 0}
        onChange={(event) => onOpenIdChange(event.target.value)}
      >
        {accounts.length === 0 ? (
          <NativeSelectOption value="">No TikTok accounts connected</NativeSelectOption>
        ) : (
          accounts.map((account) => (
            <NativeSelectOption key={account.open_id} value={account.open_id}>
              {account.display_name}
              {account.username ? ` (@${account.username})` : ''}
              {account.reconnect_needed ? ' — reconnect needed' : ''}
            </NativeSelectOption>
          ))
        )}
      </NativeSelect>
    </div>
    <div className="space-y-2">
      <Label htmlFor={`${idPrefix}-title`}>Title</Label>
      <Input
        id={`${idPrefix}-title`}
        value={title}
        maxLength={POST_TITLE_MAX}
        disabled={disabled}
        aria-describedby={`${idPrefix}-title-count`}
        onChange={(event) => onTitleChange(event.target.value.slice(0, POST_TITLE_MAX))}
      />
      <p id={`${idPrefix}-title-count`} className="text-xs text-muted-foreground tabular-nums">
        {titleCounter(title)}
      </p>
    </div>
    <div className="flex items-center justify-between gap-3">
      <span id={`${idPrefix}-mode`} className="text-sm font-medium">
        Upload as a Draft
      </span>
      {/* Its own provider, so the dialog works wherever it is mounted. */}
      <TooltipProvider>
        <Tooltip>
          <TooltipTrigger asChild>
            {/* The wrapper takes the hover: a disabled button gets none. */}
            <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
              <button
                type="button"
                role="switch"
                aria-checked={false}
                aria-label="Direct Post"
                aria-describedby={`${idPrefix}-mode-soon`}
                disabled
                className="relative h-5 w-9 rounded-full bg-muted opacity-60"
              >
                <span className="absolute top-0.5 left-0.5 size-4 rounded-full bg-background shadow" />
              </button>
              Direct Post
              <span id={`${idPrefix}-mode-soon`} className="sr-only">
                Available soon!
              </span>
            </span>
          </TooltipTrigger>
          <TooltipContent>Available soon!</TooltipContent>
        </Tooltip>
      </TooltipProvider>
    </div>
  </div>
);
