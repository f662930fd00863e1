import { Loader2, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { TProduct } from '#contract/products';
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
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import type { NewCampaignForm } from '../lib/new-campaign-form';
import {
  CADENCE_MAX_HOURS,
  CADENCE_MIN_HOURS,
  addCustomDate,
  canCreate,
  defaultNewCampaignForm,
  formProblem,
  previewSlots,
  removeCustomDate,
  timeZoneOptions,
  wallClockLabel,
} from '../lib/new-campaign-form';

export type CreatePhase = 'creating' | 'planning' | 'images' | null;

const BUSY_TEXT: Record<Exclude<CreatePhase, null>, string> = {
  creating: 'Creating…',
  planning: 'Generating plan…',
  images: 'Adding images…',
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  products: TProduct[] | undefined;
  onCreate: (form: NewCampaignForm) => void;
  phase: CreatePhase;
};

const PREVIEW_SHOWN = 4;

/** docs/product/campaigns.md rule 2: the "New Campaign" dialog. */
export const NewCampaignDialog = ({ open, onOpenChange, products, onCreate, phase }: Props) => (
  <Dialog open={open} onOpenChange={(next) => (phase ? undefined : onOpenChange(next))}>
    <DialogContent className="sm:max-w-xl">
      {/* A fresh form on every opening, with the product the user is most likely to promote. */}
      {open ? (
        <NewCampaignFormView
          products={products}
          onCancel={() => onOpenChange(false)}
          onCreate={onCreate}
          phase={phase}
        />
      ) : null}
    </DialogContent>
  </Dialog>
);

const defaultProductId = (products: TProduct[] | undefined) =>
  (products?.find((p) => p.isDefault) ?? products?.[0])?.id ?? '';

const NewCampaignFormView = ({
  products,
  onCancel,
  onCreate,
  phase,
}: Omit<Props, 'open' | 'onOpenChange'> & { onCancel: () => void }) => {
  const id = useId();
  const [form, setForm] = useState<NewCampaignForm>(() =>
    defaultNewCampaignForm(new Date(), defaultProductId(products)),
  );
  const [pendingDate, setPendingDate] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const set = (patch: Partial<NewCampaignForm>) => setForm((f) => ({ ...f, ...patch }));
  // Products may arrive after the dialog opened: the default one is chosen once they do.
  const [productsSeen, setProductsSeen] = useState(Boolean(products?.length));
  if (!productsSeen && products?.length) {
    setProductsSeen(true);
    if (!form.productId) set({ productId: defaultProductId(products) });
  }

  const problem = formProblem(form);
  const slots = previewSlots(form);
  const busy = phase !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate(form) || busy) return;
    if (problem) {
      setShowProblem(true);
      return;
    }
    onCreate(form);
  };

  const addDate = () => {
    setForm((f) => ({ ...f, customDates: addCustomDate(f.customDates, pendingDate) }));
    setPendingDate('');
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-busy={busy}>
      <DialogHeader>
        <DialogTitle>New Campaign</DialogTitle>
        <DialogDescription>
          Plan a week or more of posts for one product; we write the hooks and carousels.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          maxLength={120}
          placeholder="Spring launch week"
          autoComplete="off"
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-product`}>Product</Label>
        <NativeSelect
          id={`${id}-product`}
          value={form.productId}
          onChange={(e) => set({ productId: e.target.value })}
        >
          <NativeSelectOption value="">Select product</NativeSelectOption>
          {(products ?? []).map((p) => (
            <NativeSelectOption key={p.id} value={p.id}>
              {p.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        {products && products.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No products yet.{' '}
            <Link className="font-medium text-primary underline" to={paths.onboarding.getHref()}>
              Create product
            </Link>
          </p>
        ) : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-start`}>Start date</Label>
          <Input
            id={`${id}-start`}
            type="date"
            value={form.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-end`}>End date</Label>
          <Input
            id={`${id}-end`}
            type="date"
            value={form.endDate}
            min={form.startDate}
            onChange={(e) => set({ endDate: e.target.value })}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-tz`}>Timezone</Label>
          <NativeSelect
            id={`${id}-tz`}
            value={form.timezone}
            onChange={(e) => set({ timezone: e.target.value })}
          >
            {timeZoneOptions().map((tz) => (
              <NativeSelectOption key={tz} value={tz}>
                {tz}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      </div>

      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">Schedule</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup" aria-label="Schedule">
          {(
            [
              ['interval', 'By interval'],
              ['dates', 'Specific dates'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={form.scheduleMode === mode}
                onChange={() => set({ scheduleMode: mode })}
                className="size-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </div>

        {form.scheduleMode === 'interval' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-cadence`}>Cadence (hours)</Label>
              <Input
                id={`${id}-cadence`}
                type="number"
                inputMode="numeric"
                min={CADENCE_MIN_HOURS}
                max={CADENCE_MAX_HOURS}
                step={1}
                value={Number.isFinite(form.cadenceHours) ? form.cadenceHours : ''}
                onChange={(e) => set({ cadenceHours: e.target.valueAsNumber })}
                required
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-daily`}>Daily time (preview only)</Label>
              <Input
                id={`${id}-daily`}
                type="time"
                value={form.dailyTime}
                onChange={(e) => set({ dailyTime: e.target.value || '06:00' })}
              />
            </div>
          </div>
        ) : (
          <div className="grid gap-3">
            <div className="flex items-end gap-2">
              <div className="grid flex-1 gap-2">
                <Label htmlFor={`${id}-date`}>Date and time</Label>
                <Input
                  id={`${id}-date`}
                  type="datetime-local"
                  value={pendingDate}
                  min={`${form.startDate}T00:00`}
                  max={`${form.endDate}T23:59`}
                  onChange={(e) => setPendingDate(e.target.value)}
                />
              </div>
              <Button type="button" variant="outline" onClick={addDate} disabled={!pendingDate}>
                <Plus aria-hidden="true" />
                Add
              </Button>
            </div>
            {form.customDates.length > 0 ? (
              <ul aria-label="Specific dates" className="flex flex-wrap gap-2">
                {form.customDates.map((d) => (
                  <li
                    key={d}
                    className="flex items-center gap-1 rounded-full border bg-muted/40 py-0.5 pr-1 pl-3 text-sm"
                  >
                    {wallClockLabel(d)}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-6 rounded-full"
                      aria-label={`Remove ${wallClockLabel(d)}`}
                      onClick={() => set({ customDates: removeCustomDate(form.customDates, d) })}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No dates added yet.</p>
            )}
          </div>
        )}

        {slots.length > 0 ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {slots.length} {slots.length === 1 ? 'post' : 'posts'} ({form.timezone}):{' '}
            {slots.slice(0, PREVIEW_SHOWN).map(wallClockLabel).join(' · ')}
            {slots.length > PREVIEW_SHOWN ? ' …' : ''}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-goal`}>Prompt (optional)</Label>
        <Textarea
          id={`${id}-goal`}
          value={form.goal}
          onChange={(e) => set({ goal: e.target.value })}
          maxLength={2000}
          rows={3}
          placeholder="What should this campaign achieve? e.g. launch the new scent to gym-goers"
        />
      </div>

      {showProblem && problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canCreate(form) || busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {phase ? BUSY_TEXT[phase] : 'Create'}
        </Button>
      </DialogFooter>
    </form>
  );
};
