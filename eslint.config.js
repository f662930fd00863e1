import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import hookreelDocs from './eslint-rules/cite-repo-docs.js';
import { noAdapterKind, noRepoSurface } from './eslint-rules/module-surfaces.js';

// The plugin's TypeScript settings say which files it parses to follow imports; its legacy
// resolver entry is replaced by the TypeScript resolver below, which knows tsconfig's paths.
const { 'import-x/resolver': _legacyResolver, ...importXTypeScriptSettings } =
  importX.flatConfigs.typescript.settings;
const rootDir = path.dirname(fileURLToPath(import.meta.url));
const serverModules = fs
  .readdirSync(path.join(rootDir, 'src/server/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverModuleZones = serverModules.map((name) => ({
  target: [
    `src/server/!(modules)/**`,
    `src/server/*.ts`,
    `src/server/modules/!(${name})/**`,
    'scripts/**',
    'e2e/**',
  ],
  from: `src/server/modules/${name}`,
  except: ['./index.ts'],
  message: `Import the ${name} module through src/server/modules/${name}/index.ts.`,
}));
// Adapters know their outside service, not our features: the arrow runs from modules to adapters.
serverModuleZones.push({
  target: ['src/server/adapters/**'],
  from: 'src/server/modules',
  message: 'Adapters never import modules; a module hands an adapter what it needs (decision 014).',
});
// The outbound-fetch guard sits below every module and adapter (decision 065): they use it, it
// uses none of them.
serverModuleZones.push({
  target: ['src/server/net/**'],
  from: ['src/server/modules', 'src/server/adapters'],
  message: 'src/server/net is shared by modules and adapters and imports neither (decision 065).',
});
// Web boundaries (decision 023). One zone per feature folder, read from disk so a new feature is
// covered without editing this file: a feature may import only its own files and the shared
// layers. Shared code flows one way: components/ and lib/ -> features/ -> app/.
const WEB = './src/web';
const webFeatures = fs
  .readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature imports only its own files; move shared code to lib/ or components/, or compose in app/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features never import the app shell; app/ composes features.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/config`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code never imports features or the app; pass what it needs in from app/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // The web never imports server code; the contract is the only shared layer.
      'no-restricted-imports': ['error', { patterns: ['#server/*', '**/server/**'] }],
    },
  },
  // Web boundaries: see webBoundaryZones above.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webBoundaryZones }] },
  },
  {
    files: ['src/server/**/*.ts', 'src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/*', '**/web/**'] }] },
  },
  // Server module boundaries (decision 022). A file outside src/server/modules/<m>/ reaches that
  // module only through modules/<m>/index.ts, so a module's repository and internals stay its
  // own; the zones are generated from the folder list, so a new module is covered unaided. Tests
  // inside a module may use its internals (they are inside). No import cycles in the server.
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importXTypeScriptSettings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: rootDir, zones: serverModuleZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Adapter kinds and module surfaces: see noAdapterKind and noRepoSurface above (one rule, so the
  // index.ts entry repeats the modules' list rather than replacing it).
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noAdapterKind] },
  },
  {
    files: ['src/server/modules/*/index.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noAdapterKind, ...noRepoSurface] },
  },
  // Journeys talk to their worker's own server (decision 091): `test` comes from e2e/test.ts.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './test' (each worker has its own server).",
            },
          ],
        },
      ],
    },
  },
  // Comments cite documents in the repository, not the spec outside it (decision 190).
  {
    // The rule's own test quotes the citations it refuses.
    ignores: ['eslint-rules/cite-repo-docs.test.ts'],
    plugins: { 'hookreel-docs': hookreelDocs },
    rules: { 'hookreel-docs/cite-repo-docs': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
