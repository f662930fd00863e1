import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from './cite-repo-docs.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const outside = (code: string) => ({ code, errors: [{ messageId: 'outside' }] });

tester.run('cite-repo-docs', plugin.rules['cite-repo-docs'], {
  valid: [
    '/** Hooks used lately are not given again (docs/product/campaigns.md rule 4). */',
    '// See docs/decisions/003-onboarding-redirect-exemptions.md and RFC 6749 §4.1.2.',
    "// The Playwright spec exchanges the code itself.\nconst a = 'e2e/billing.spec.ts';",
    "it('takes every PATCH shape the editors send', () => {});",
    '/**\n * Spaced out (docs/product/publishing.md\n * rules 3, 9) and docs/product/queue.md.\n */',
  ],
  invalid: [
    outside('/** Spec 02 §9: hooks used lately are not given again. */'),
    outside('// Verified as 09-seams.md §5 says.'),
    outside('/* DESIGN §4: a carousel counts once. */'),
    outside('// Finds ffmpeg in the order of DESIGN.md.'),
    outside('// The render service (seam S1).'),
    outside('// TikTok chunk rules (reference §2.3).'),
    outside('// Measured on 2 cores (rendering.md §3.6).'),
    outside("it('follows the rules of spec 01 §4', () => {});"),
    outside('const title = `opens the dialog (spec 02 §6)`;'),
    { code: '// docs/product/campaigns.md rule 99', errors: [{ messageId: 'noRule' }] },
    {
      code: '/**\n * As docs/product/queue.md rules 1,\n * 42 say.\n */',
      errors: [{ messageId: 'noRule' }],
    },
    { code: '// docs/product/nowhere.md rule 1', errors: [{ messageId: 'noFile' }] },
  ],
});
