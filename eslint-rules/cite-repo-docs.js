// Comments and test titles cite documents a reader of this repository has (decision 190). The
// product spec and the design, seam and research notes live outside it, so citing them points
// nowhere for a newcomer: cite docs/product/, docs/decisions/ or docs/ARCHITECTURE.md, or state
// the rule where it is used.
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

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Refuse citations of documents that are not in the repository.' },
    schema: [],
    messages: { outside: MESSAGE },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const check = (node, text) => {
      const match = OUTSIDE_DOCUMENT.exec(text);
      if (match) context.report({ node, messageId: 'outside', data: { found: match[0] } });
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
