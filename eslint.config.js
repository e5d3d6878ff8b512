// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { API_LAYERS } from './apps/api/layers.mjs';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/**
 * The import direction is the architecture (docs/architecture.md, "Layout"):
 * packages/shared ← apps/*; web and extension never import each other; nothing imports the API's
 * internals but the API; inside the web app lib/components ← features ← app, and a feature reaches a
 * sibling only through its public index.ts.
 */
const zones = [
  { target: './packages/shared', from: './apps', message: 'packages/shared must not import from apps/*.' },
  { target: './apps/web', from: './apps/extension', message: 'The web app must not import the extension.' },
  { target: './apps/extension', from: './apps/web', message: 'The extension must not import the web app.' },
  { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
  { target: './apps/extension', from: './apps/api', message: 'The extension talks to the API over HTTP only.' },
  { target: './apps/api', from: ['./apps/web', './apps/extension'], message: 'The API must not import the clients.' },
  { target: './e2e', from: ['./apps/web', './apps/extension'], message: 'e2e drives the clients through the browser only.' },
  {
    target: './e2e',
    from: './apps/api',
    except: ['./src/testing'],
    message: "e2e talks to the API over HTTP; of the API it may import only its wire-format test servers (apps/api/src/testing).",
  },
  {
    target: ['./apps/web/src/lib', './apps/web/src/components', './apps/web/src/stores'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared web code must not import features or the app shell.',
  },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import the app shell.' },
  ...features.map((name) => ({
    target: `./apps/web/src/features/${name}`,
    from: './apps/web/src/features',
    except: [`./${name}`, ...features.filter((f) => f !== name).map((f) => `./${f}/index.ts`)],
    message: `Feature "${name}" may use a sibling feature only through its index.ts.`,
  })),
];

/**
 * Inside the API: the lower folders never import a module, and each module imports only from lower layers
 * (apps/api/layers.mjs; scripts/api-layers.mjs checks the same order on the whole graph, type imports too).
 */
const apiZones = [
  {
    target: ['./apps/api/src/lib', './apps/api/src/db', './apps/api/src/plugins', './apps/api/src/config.ts'],
    from: './apps/api/src/modules',
    message: 'lib/, db/, plugins/ and config.ts never import a module: pass what they need in, or publish an event (lib/events.ts).',
  },
  ...API_LAYERS.flatMap((layer, i) =>
    layer.modules.map((name) => {
      const above = API_LAYERS.slice(i).flatMap((l) => l.modules).filter((m) => m !== name);
      return {
        target: `./apps/api/src/modules/${name}`,
        from: above.map((m) => `./apps/api/src/modules/${m}`),
        message: `Module "${name}" (layer ${layer.layer}) imports only lower layers (apps/api/layers.mjs): tell the layers above with a domain event (src/reactions.ts) or a kick by job name (lib/jobs/kicks.ts).`,
      };
    }),
  ).filter((zone) => zone.from.length > 0),
];

export default tseslint.config(
  {
    ignores: ['scripts/lint-fixtures', 'node_modules', 'dist', '.output', '.wxt', 'data', 'test-results', 'playwright-report', 'e2e/.tmp', 'apps/api/drizzle/meta', 'apps/api/src/modules/inbox/classify-fixtures/dev/generate.mjs', 'apps/api/src/modules/inbox/classify-fixtures/dev/data', 'apps/api/src/modules/inbox/classify-fixtures/dev2/generate.mjs', 'apps/api/src/modules/inbox/classify-fixtures/dev2/verify.mjs', 'apps/api/src/modules/inbox/classify-heldout/generate.mjs', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // The API's layers hold for its production code (tests and their helpers may reach any module).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts', 'apps/api/src/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...apiZones] }] },
  },
  {
    // Production code never imports test helpers (*.test-helpers.ts, testing/ folders, __tests__/).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-helpers.{ts,tsx}', '**/testing/**', '**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(testing|__tests__)(/|$)|\\.test-helpers$', message: 'Test helpers are for tests: production code never imports them.' }] },
      ],
    },
  },
  {
    // A cycle anywhere in the sources fails the lint. A test file is imported by nothing, so it closes no cycle:
    // skipping it as a target saves the rule's time and loses no report.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.{ts,tsx}', 'scripts/lint-fixtures/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/extension/**/*.{ts,tsx}'],
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Request input reaches PostgreSQL: text and integers go through the building blocks of
    // packages/shared/src/schemas/primitives.ts, which refuse NUL, lone surrogates and out-of-range ids with a 422.
    files: ['packages/shared/src/schemas/**/*.ts', 'apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/shared/src/schemas/primitives.ts', 'apps/api/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name=/^(string|url|httpUrl)$/]",
          message: 'Use text() from @shared/schemas/primitives: it refuses NUL characters and unpaired surrogates, which PostgreSQL cannot store.',
        },
        {
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message: 'Use queryInt() or dbIdParam() from @shared/schemas/primitives: they bound the number to what an integer column holds.',
        },
        {
          selector: "CallExpression[callee.property.name='int'][callee.object.callee.object.name='z'][callee.object.callee.property.name='number']",
          message: 'Use dbId() for ids or int32() from @shared/schemas/primitives: integer columns hold at most 2^31−1.',
        },
      ],
    },
  },
);
