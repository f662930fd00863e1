import type { LucideIcon } from 'lucide-react';
import { Clock, Images, Loader2, Video } from 'lucide-react';
import type { TDraftType } from '#contract/drafts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type ToolCard = {
  type: TDraftType;
  title: string;
  description: string;
  estimate: string;
  button: string;
  icon: LucideIcon;
  note?: string;
};

/** docs/product/create.md rule 1: the two tools with their estimates. */
const TOOLS: ToolCard[] = [
  {
    type: 'carousel',
    title: 'Photo (Carousel)',
    description: 'Create multi-slide advertisements with AI characters',
    estimate: '5-10 min',
    button: 'Create Photo (Carousel)',
    icon: Images,
  },
  {
    type: 'video',
    title: 'Video',
    description: 'Hook + Demo: a UGC character delivers your hook, then your product video plays',
    estimate: '8-15 min',
    button: 'Create Video',
    icon: Video,
  },
];

type ToolChooserProps = {
  onCreate: (type: TDraftType) => void;
  /** The tool whose draft is being created, if any. */
  creating: TDraftType | null;
};

/** docs/product/create.md rule 1 tool chooser: each button creates a draft and opens its tool. */
export const ToolChooser = ({ onCreate, creating }: ToolChooserProps) => (
  <section aria-labelledby="tool-chooser-heading">
    <h2 id="tool-chooser-heading" className="mb-4 text-lg font-semibold tracking-tight">
      Choose Your Creation Tool
    </h2>
    <ul className="grid gap-5 md:grid-cols-2">
      {TOOLS.map((tool) => (
        <li key={tool.type}>
          <article
            aria-labelledby={`tool-${tool.type}-title`}
            className="relative flex h-full flex-col overflow-hidden rounded-xl border bg-card p-6 shadow-sm"
          >
            <div
              aria-hidden="true"
              className={cn(
                'absolute inset-x-0 top-0 h-1',
                tool.type === 'carousel'
                  ? 'bg-brand-gradient'
                  : 'bg-linear-to-r from-brand-orange to-brand-pink',
              )}
            />
            <div className="flex items-start justify-between gap-3">
              <span
                className={cn(
                  'flex size-12 items-center justify-center rounded-xl',
                  tool.type === 'carousel'
                    ? 'bg-accent text-accent-foreground'
                    : 'bg-secondary text-secondary-foreground',
                )}
              >
                <tool.icon aria-hidden="true" className="size-6" />
              </span>
              {tool.note ? (
                <Badge variant="outline" className="text-muted-foreground">
                  {tool.note}
                </Badge>
              ) : null}
            </div>
            <h3
              id={`tool-${tool.type}-title`}
              className="mt-4 text-xl font-semibold tracking-tight"
            >
              {tool.title}
            </h3>
            <p className="mt-1.5 flex-1 text-sm text-muted-foreground">{tool.description}</p>
            <p className="mt-4 flex items-center gap-1.5 text-sm text-muted-foreground">
              <Clock aria-hidden="true" className="size-4" />
              <span>
                <span className="sr-only">Estimated time: </span>
                {tool.estimate}
              </span>
            </p>
            <Button
              type="button"
              size="lg"
              variant={tool.type === 'carousel' ? 'default' : 'outline'}
              className="mt-5 w-full"
              disabled={creating !== null}
              onClick={() => onCreate(tool.type)}
            >
              {creating === tool.type ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <tool.icon aria-hidden="true" />
              )}
              {tool.button}
            </Button>
          </article>
        </li>
      ))}
    </ul>
  </section>
);
