import { RotateCw, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TTemplate } from '#contract/templates';
import { templateEditorPath } from '#contract/templates';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useEntitlements } from '@/lib/entitlements';
import { isPaymentRequired } from '@/lib/payment-required';
import { useTemplates } from '../api/get-templates';
import { useUseTemplate } from '../api/use-template';
import { ALL_CATEGORIES, categoriesOf, filterTemplates } from '../lib/template-filter';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { TemplateCard } from './template-card';
import { TemplatePreviewDialog } from './template-preview-dialog';

const LoadingGrid = () => (
  <div role="status" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
    <span className="sr-only">Loading templates…</span>
    {[0, 1, 2, 3].map((i) => (
      <Card key={i} className="gap-3 py-0 pb-4">
        <Skeleton className="aspect-[4/5] w-full rounded-b-none" />
        <Skeleton className="mx-4 h-5 w-2/3" />
        <Skeleton className="mx-4 h-10" />
      </Card>
    ))}
  </div>
);

type TemplatesPageProps = {
  /** Opens the app's upgrade dialog; a Pro template on the free plan uses `premium_template`. */
  onUpgradeRequired: (reason: string) => void;
};

/** /templates (docs/product/templates.md rule 1). */
export const TemplatesPage = ({ onUpgradeRequired }: TemplatesPageProps) => {
  const templates = useTemplates();
  const { data: entitlements } = useEntitlements();
  const navigate = useNavigate();
  const useTemplate = useUseTemplate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [previewing, setPreviewing] = useState<TTemplate | null>(null);

  const all = useMemo(() => templates.data ?? [], [templates.data]);
  const categories = useMemo(() => categoriesOf(all), [all]);
  const shown = useMemo(() => filterTemplates(all, { search, category }), [all, search, category]);

  const onUse = (template: TTemplate) => {
    // The server refuses too (402 premium_template); asking first saves a round trip.
    if (template.isPremium && entitlements?.plan === 'free') {
      // One dialog at a time: the plans replace the preview.
      setPreviewing(null);
      onUpgradeRequired('premium_template');
      return;
    }
    useTemplate.mutate(
      { templateId: template.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: ({ draft }) => void navigate(templateEditorPath(draft)),
        onError: (error) => {
          // The upgrade dialog opens by itself on a 402, in place of the preview.
          if (isPaymentRequired(error)) {
            setPreviewing(null);
            return;
          }
          toast({
            variant: 'destructive',
            title: 'Failed to create draft',
            description:
              error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined,
          });
        },
      },
    );
  };
  const usingId = useTemplate.isPending ? useTemplate.variables.templateId : null;

  return (
    <>
      <PageHeader title="Templates" subtitle="Start from proven carousel and video formats" />

      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-2">
          <Label htmlFor="template-search">Search templates</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="template-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search by name or description"
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-2 sm:w-64">
          <Label htmlFor="template-category">Category</Label>
          <NativeSelect
            id="template-category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <NativeSelectOption value={ALL_CATEGORIES}>{ALL_CATEGORIES}</NativeSelectOption>
            {categories.map((c) => (
              <NativeSelectOption key={c} value={c}>
                {c}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      </div>

      {templates.isPending ? (
        <LoadingGrid />
      ) : templates.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            Couldn&apos;t load the templates.
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void templates.refetch()}
            >
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : shown.length === 0 ? (
        <Card className="items-center px-6 py-14 text-center">
          <p className="text-lg font-semibold">No templates found</p>
        </Card>
      ) : (
        <ul
          aria-label="Templates"
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
        >
          {shown.map((template) => (
            <li key={template.id} className="flex min-w-0">
              <TemplateCard
                template={template}
                onPreview={() => setPreviewing(template)}
                onUse={() => onUse(template)}
                isUsing={usingId === template.id}
              />
            </li>
          ))}
        </ul>
      )}

      <TemplatePreviewDialog
        template={previewing}
        onOpenChange={(open) => {
          if (!open) setPreviewing(null);
        }}
        onUse={onUse}
        isUsing={previewing !== null && usingId === previewing.id}
      />
    </>
  );
};
