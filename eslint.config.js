import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
