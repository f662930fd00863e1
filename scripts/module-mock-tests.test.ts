import { describe, expect, it } from 'vitest';
import { moduleMockTests } from './module-mock-tests.ts';

describe('moduleMockTests: which test files keep a module graph of their own (decision 146)', () => {
  const web = moduleMockTests('src/web');

  it('lists a file that mocks a module itself', () => {
    expect(web).toContain('src/web/features/pricing/components/pricing-page.test.tsx');
  });

  it('lists a file whose harness mocks modules or registers hooks at import', () => {
    expect(web).toContain('src/web/features/products/components/products-page-create.test.tsx');
    expect(web).toContain('src/web/features/campaigns/components/campaigns-flows.test.tsx');
  });

  it('leaves a plain test to the shared workers', () => {
    expect(web).not.toContain('src/web/lib/query-keys.test.ts');
    expect(moduleMockTests('src/server')).toEqual([
      'src/server/modules/uploads/image-upload.test.ts',
    ]);
  });
});
