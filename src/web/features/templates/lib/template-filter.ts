import type { TTemplate } from '#contract/templates';
import { TEMPLATE_POPULAR_ABOVE } from '#contract/templates';

/** docs/product/templates.md rule 1: the filter's first choice. */
export const ALL_CATEGORIES = 'All Categories';

/** The categories present in the data, in the order they first appear. */
export const categoriesOf = (templates: readonly TTemplate[]): string[] => [
  ...new Set(templates.map((t) => t.category)),
];

/** Search matches the name or the description, ignoring case and surrounding spaces. */
export const filterTemplates = (
  templates: readonly TTemplate[],
  { search, category }: { search: string; category: string },
): TTemplate[] => {
  const needle = search.trim().toLowerCase();
  return templates.filter(
    (t) =>
      (category === ALL_CATEGORIES || t.category === category) &&
      (!needle ||
        t.name.toLowerCase().includes(needle) ||
        t.description.toLowerCase().includes(needle)),
  );
};

export const isPopular = (t: Pick<TTemplate, 'usageCount'>) =>
  t.usageCount > TEMPLATE_POPULAR_ABOVE;

export const typeLabel = (type: TTemplate['type']) =>
  type === 'carousel' ? 'Photo (Carousel)' : 'Video (Hook + Demo)';

export const usesLabel = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'use' : 'uses'}`;
