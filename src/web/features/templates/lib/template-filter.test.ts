import { describe, expect, it } from 'vitest';
import type { TTemplate } from '#contract/templates';
import {
  ALL_CATEGORIES,
  categoriesOf,
  filterTemplates,
  isPopular,
  usesLabel,
} from './template-filter';

const t = (id: string, name: string, description: string, category: string): TTemplate => ({
  id,
  name,
  description,
  category,
  type: 'carousel',
  thumbnailUrl: `/media/templates/${id}.jpg`,
  isPremium: false,
  usageCount: 0,
});

const list = [
  t('a', 'Gift Guide', 'The gift they will actually use', 'Offers'),
  t('b', 'Honest Review', 'First impressions and a verdict', 'Reviews'),
  t('c', 'Price Reveal', 'Build up the value, then the price', 'Offers'),
];

describe('template filter', () => {
  it('lists the categories present, first appearance first', () => {
    expect(categoriesOf(list)).toEqual(['Offers', 'Reviews']);
  });

  it('matches the search in the name or the description, any case', () => {
    expect(
      filterTemplates(list, { search: 'REVIEW', category: ALL_CATEGORIES }).map((x) => x.id),
    ).toEqual(['b']);
    expect(
      filterTemplates(list, { search: ' verdict ', category: ALL_CATEGORIES }).map((x) => x.id),
    ).toEqual(['b']);
    expect(filterTemplates(list, { search: 'the', category: 'Offers' }).map((x) => x.id)).toEqual([
      'a',
      'c',
    ]);
    expect(filterTemplates(list, { search: 'zzz', category: ALL_CATEGORIES })).toEqual([]);
  });

  it('calls a template Popular only above 1000 uses', () => {
    expect(isPopular({ usageCount: 1000 })).toBe(false);
    expect(isPopular({ usageCount: 1001 })).toBe(true);
    expect(usesLabel(1)).toBe('1 use');
    expect(usesLabel(1234)).toBe('1,234 uses');
  });
});
