import { Scissors } from 'lucide-react';
import { DEMO_PART_SECONDS } from '#contract/hook-demo';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import type { DemoPacing } from '../lib/demo-state';

type TimingControlsProps = {
  pacing: DemoPacing;
  onChange: (pacing: DemoPacing) => void;
  /** The chosen product video's length, when known. */
  productVideoSec: number | null;
  /** Seconds after both parts (the end card). */
  extraSec?: number;
};

const seconds = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} s`;

/**
 * How long each part plays (docs/product/hook-demo.md rule 5: 5 s + 5 s by default; a template's
 * pacing when the draft came from one), changeable by the seller, and a word when the product video
 * is longer than its part and will be cut (decision 134).
 */
export const TimingControls = ({
  pacing,
  onChange,
  productVideoSec,
  extraSec = 0,
}: TimingControlsProps) => {
  const cut =
    productVideoSec !== null && productVideoSec > pacing.productDurationSec + 0.05
      ? productVideoSec
      : null;
  const wholeVideo =
    cut === null
      ? null
      : Math.min(
          DEMO_PART_SECONDS.max,
          Math.ceil(cut / DEMO_PART_SECONDS.step) * DEMO_PART_SECONDS.step,
        );
  const part = (id: string, label: string, key: keyof DemoPacing) => (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <Label id={id}>{label}</Label>
        <span className="text-xs text-muted-foreground tabular-nums">{seconds(pacing[key])}</span>
      </div>
      <Slider
        aria-labelledby={id}
        thumbLabel={label}
        thumbValueText={seconds(pacing[key])}
        min={DEMO_PART_SECONDS.min}
        max={DEMO_PART_SECONDS.max}
        step={DEMO_PART_SECONDS.step}
        value={[pacing[key]]}
        onValueChange={([v]) => v !== undefined && onChange({ ...pacing, [key]: v })}
      />
    </div>
  );
  return (
    <div className="space-y-3 rounded-lg border bg-muted/30 p-4" role="group" aria-label="Timing">
      <p className="text-sm font-medium">
        Timing{' '}
        <span className="font-normal text-muted-foreground tabular-nums">
          {`· ${seconds(pacing.ugcDurationSec + pacing.productDurationSec + extraSec)} in all`}
        </span>
      </p>
      {part('hook-demo-ugc-seconds', 'Character with hook', 'ugcDurationSec')}
      {part('hook-demo-product-seconds', 'Product demo', 'productDurationSec')}
      {cut !== null && wholeVideo !== null ? (
        <div role="status" className="flex flex-wrap items-center gap-2 text-xs text-amber-800">
          <Scissors aria-hidden="true" className="size-3.5" />
          <span>
            {`Your product video is ${seconds(Math.round(cut * 10) / 10)} long: only its first ${seconds(pacing.productDurationSec)} will play.`}
          </span>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs"
            onClick={() => onChange({ ...pacing, productDurationSec: wholeVideo })}
          >
            {`Play all ${seconds(wholeVideo)}`}
          </Button>
        </div>
      ) : null}
    </div>
  );
};
