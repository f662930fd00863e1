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
  // One way to call the API (decision 172): the answer comes in as `unknown` and is parsed by the
  // contract's zod schema, so a type argument or a cast on apiRequest cannot claim a shape.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^apiRequest/] > TSTypeParameterInstantiation > :not(TSUnknownKeyword)',
          message:
            "Call apiRequest<unknown> and parse the answer with the contract's schema (decision 172).",
        },
        {
          selector: 'TSAsExpression > AwaitExpression > CallExpression[callee.name=/^apiRequest/]',
          message:
            "Parse the answer with the contract's schema instead of casting it (decision 172).",
        },
      ],
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
  // One way to run a media tool (decision 171): ffmpeg and ffprobe go through media/run-ffmpeg.ts
  // (niceness, time limit, killed with the server, the error's words). The only other spawns:
  // ffmpeg-path.ts checks a candidate binary at start-up, sample-videos/frame.ts asks fontconfig
  // for a font, make-fifo.ts makes the named pipe a render's join reads (decision 257), and test
  // helpers.
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/media/run-ffmpeg.ts',
      'src/server/media/ffmpeg-path.ts',
      'src/server/media/sample-videos/frame.ts',
      'src/server/media/make-fifo.ts',
      'src/server/testing/**',
      'src/server/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@/*', '**/web/**'],
          paths: ['node:child_process', 'child_process'].map((name) => ({
            name,
            message:
              'Run ffmpeg and ffprobe through src/server/media/run-ffmpeg.ts (decision 171).',
          })),
        },
      ],
    },
  },
  // One outbound-fetch guard (decision 171): media from outside is read through
  // src/server/net/safe-fetch.ts. Plain fetch is left to the adapters' clients of a fixed API
  // origin and to the TikTok sandbox, which stands in for TikTok's own servers.
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/net/safe-fetch.ts',
      'src/server/adapters/tiktok/tiktok-http.ts',
      'src/server/adapters/render/shotstack-client.ts',
      'src/server/adapters/motion/fal-motion.ts',
      'src/server/adapters/voice/openai-speech.ts',
      'src/server/**/*sandbox*/**',
      'src/server/testing/**',
      'src/server/**/*.test.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Read outside media through src/server/net/safe-fetch.ts (decision 171); an API client of a fixed origin is listed in eslint.config.js.',
        },
      ],
    },
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
