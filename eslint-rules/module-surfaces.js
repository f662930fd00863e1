// Selectors for ESLint's no-restricted-syntax that keep server modules' shape (eslint.config.js).

// A module's public surface is services, never its repository (decision 160): a module's index.ts
// neither re-exports nor imports a `*-repo` file, so other modules cannot reach its SQL.
const REPO_SOURCE = '/-repo(\\.[jt]s)?$/';
const repoSurfaceMessage =
  "A module's index.ts exports services, never its repository: wrap the reads in a service (decision 160).";
export const noRepoSurface = [
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportDeclaration',
].map((node) => ({
  selector: `${node}[source.value=${REPO_SOURCE}]`,
  message: repoSurfaceMessage,
}));
// Modules never ask an adapter's kind (decision 161): an adapter offers capabilities, and app.ts
// tells a module what the chosen adapters can do. A module reading `config.<service>.kind`, or
// `.kind` of an adapter by its usual names, is refused; our own data's kinds (post.kind) are not.
const ADAPTER_NAMES =
  '/^(billing|renderer|render|mail|mailer|storage|ai|imageGen|aiVideo|tiktok|instance)$/';
const adapterKindMessage =
  "Modules never ask an adapter's kind: give the adapter a capability, or let app.ts pass what it can do (decision 161).";
export const noAdapterKind = [
  "MemberExpression[property.name='kind'][object.object.name='config']",
  `MemberExpression[property.name='kind'][object.name=${ADAPTER_NAMES}]`,
  `MemberExpression[property.name='kind'][object.property.name=${ADAPTER_NAMES}]`,
].map((selector) => ({ selector, message: adapterKindMessage }));
