import { RuleTester } from 'eslint';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noAdapterKind, noRepoSurface } from './module-surfaces.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const rule = builtinRules.get('no-restricted-syntax')!;
// A read that matches two selectors (config.mail.kind) is reported by each.
const refused = (code: string, options: { message: string }[], count = 1) => ({
  code,
  options,
  errors: Array.from({ length: count }, () => ({ message: options[0]!.message })),
});

describe('module surfaces (decision 160)', () => {
  tester.run('no repository in an index.ts', rule, {
    valid: [
      { code: "export { createSentPosts } from './sent-posts';", options: noRepoSurface },
      { code: "export type { SentPost } from './sent-posts';", options: noRepoSurface },
      { code: "export { createReport } from './report-repository-view';", options: noRepoSurface },
    ],
    invalid: [
      refused("export { findPostOutcomes } from './publishing-repo';", noRepoSurface),
      refused("export * from './drafts-repo.ts';", noRepoSurface),
      refused(
        "import { countProducts } from './products-repo';\nexport { countProducts };",
        noRepoSurface,
      ),
    ],
  });
});

describe('adapter kinds (decision 161)', () => {
  tester.run('no adapter kind in a module', rule, {
    valid: [
      { code: "if (post.kind === 'video') go();", options: noAdapterKind },
      { code: "const clip = media.kind === 'clip';", options: noAdapterKind },
      { code: 'const usable = billing.portalForAnyCustomer;', options: noAdapterKind },
    ],
    invalid: [
      refused("const stripe = billing.kind === 'stripe';", noAdapterKind),
      refused("const outbox = config.mail.kind === 'outbox';", noAdapterKind, 2),
      refused('const which = deps.renderer.kind;', noAdapterKind),
      refused('const which = adapters.storage.instance.kind;', noAdapterKind),
    ],
  });
});
