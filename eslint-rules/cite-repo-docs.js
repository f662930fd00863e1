// Comments and test titles cite documents a reader of this repository has (decision 190). The
// product spec and the design, seam and research notes live outside it, so citing them points
// nowhere for a newcomer: cite docs/product/, docs/decisions/ or docs/ARCHITECTURE.md, or state
// the rule where it is used. A citation of docs/product/ must name a file and rules that exist, so
// renumbering a rule or renaming a file shows every comment that pointed at it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTSIDE_DOCUMENT = new RegExp(
  [
    String.raw`\bspec 0\d\b`, // the product spec's sections
    String.raw`\b0\d-[a-z][a-z-]*\.md\b`, // the numbered spec files
    String.raw`\bDESIGN(?:\.md\b| ?§)`, // the design notes
    String.raw`\bseams? S\d\b`, // the seam notes
    String.raw`\breference (?:\(?§|rendering)`, // the research notes' sections
    String.raw`\b(?:rendering|tiktok-api|style-anchors)\.md\b`, // the research notes
  ].join('|'),
  'i',
);

const MESSAGE =
  'This cites a document outside the repository ({{found}}). Cite docs/product/, docs/decisions/ ' +
  'or docs/ARCHITECTURE.md, or state the rule here (decision 190).';

const PRODUCT_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'product',
);
// "docs/product/campaigns.md rule 4", "… rules 2, 3", or the file alone.
const PRODUCT_CITATION =
  /docs\/product\/([a-z0-9-]+\.md)(?:,? rules? ((?:\d+(?:, | and |–))*\d+))?/g;

/** The rule numbers of a docs/product file (its "## N." headings), or null when it is missing. */
const rulesOf = new Map();
const productRules = (file) => {
  if (!rulesOf.has(file)) {
    const at = path.join(PRODUCT_DIR, file);
    const text = fs.existsSync(at) ? fs.readFileSync(at, 'utf8') : null;
    rulesOf.set(file, text && new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => m[1])));
  }
  return rulesOf.get(file);
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Refuse citations of documents that are not in the repository.' },
    schema: [],
    messages: {
      outside: MESSAGE,
      noFile: 'docs/product/{{file}} does not exist (decision 190).',
      noRule: 'docs/product/{{file}} has no rule {{number}} (a "## {{number}}." heading).',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const check = (node, text) => {
      const match = OUTSIDE_DOCUMENT.exec(text);
      if (match) context.report({ node, messageId: 'outside', data: { found: match[0] } });
      // A comment's citation may wrap onto the next line of the comment.
      const flat = text.replace(/\n\s*(?:\*|\/\/)?\s*/g, ' ');
      for (const [, file, numbers] of flat.matchAll(PRODUCT_CITATION)) {
        const rules = productRules(file);
        if (!rules) {
          context.report({ node, messageId: 'noFile', data: { file } });
          continue;
        }
        for (const number of numbers ? numbers.split(/, | and |–/) : []) {
          if (!rules.has(number))
            context.report({ node, messageId: 'noRule', data: { file, number } });
        }
      }
    };
    return {
      Program() {
        for (const comment of sourceCode.getAllComments()) check(comment, comment.value);
      },
      // Test titles are read as documentation too.
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.raw);
      },
    };
  },
};

export default { rules: { 'cite-repo-docs': rule } };
