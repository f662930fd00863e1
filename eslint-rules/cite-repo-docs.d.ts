import type { Rule } from 'eslint';

declare const plugin: { rules: { 'cite-repo-docs': Rule.RuleModule } };
export default plugin;
