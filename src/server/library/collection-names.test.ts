import { describe, expect, it } from 'vitest';
import { slugify, titleCase } from './collection-names';

describe('collection names', () => {
  it('makes keys from folder names', () => {
    expect(slugify('Warm Sunset (2024)')).toBe('warm-sunset-2024');
    expect(slugify('  Café_Crème  ')).toBe('cafe-creme');
    expect(slugify('---')).toBe('');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });

  it('makes display names from folder names', () => {
    expect(titleCase('warm_sunset-vibes')).toBe('Warm Sunset Vibes');
    expect(titleCase('ocean  calm')).toBe('Ocean Calm');
    expect(titleCase('élan vital')).toBe('Élan Vital');
  });
});
