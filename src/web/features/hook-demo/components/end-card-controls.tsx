import {
  END_CARD_LINK_TEXT,
  END_CARD_PRICE_MAX,
  END_CARD_SEC,
  END_CARD_TITLE_MAX,
  type EndCard,
} from '#contract/hook-demo';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type EndCardControlsProps = {
  endCard: EndCard | null;
  onChange: (card: EndCard | null) => void;
  /** The chosen product's name, the card's title when it is turned on. */
  productName: string;
};

/** Decision 135: an optional end card after the product video. */
export const EndCardControls = ({ endCard, onChange, productName }: EndCardControlsProps) => (
  <div className="space-y-3 rounded-lg border bg-muted/30 p-4" role="group" aria-label="End card">
    <label className="flex items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={endCard !== null}
        onChange={(e) =>
          onChange(e.target.checked ? { title: productName || 'My product', price: '' } : null)
        }
      />
      {`Add an end card (${END_CARD_SEC} s)`}
    </label>
    {endCard ? (
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div className="space-y-1">
          <Label htmlFor="hook-demo-end-title">Product name</Label>
          <Input
            id="hook-demo-end-title"
            value={endCard.title}
            maxLength={END_CARD_TITLE_MAX}
            onChange={(e) => onChange({ ...endCard, title: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="hook-demo-end-price">Price (optional)</Label>
          <Input
            id="hook-demo-end-price"
            value={endCard.price ?? ''}
            placeholder="$24"
            maxLength={END_CARD_PRICE_MAX}
            onChange={(e) => onChange({ ...endCard, price: e.target.value })}
          />
        </div>
        <p className="text-xs text-muted-foreground sm:col-span-2">
          {`“${END_CARD_LINK_TEXT}” closes the card.`}
        </p>
      </div>
    ) : null}
  </div>
);
