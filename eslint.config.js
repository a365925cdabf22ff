import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = resolve('apps/web/src/features');

/** The feature folder a file or import path lies in, or undefined outside features/. */
function featureOf(path) {
  const inside = relative(FEATURES, path);
  return inside.startsWith('..') || inside === '' ? undefined : inside.split(sep)[0];
}

// A relative import that climbs out of its feature into another (`../../auth/…`), wherever the
// importing file sits; the `@/features/…` form is caught by no-restricted-imports below.
const featureBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const own = featureOf(context.filename);
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (!own || !source.startsWith('.')) return;
            const target = featureOf(resolve(dirname(context.filename), source));
            if (target && target !== own) {
              context.report({
                node: node.source,
                message: 'Features do not import each other; compose them in app/routes.',
              });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Command-line scripts and benchmarks report on standard output, as does the line naming the
  // browser at the start of the browser tests.
  {
    files: [
      'scripts/**',
      'apps/*/scripts/**',
      'bench/**',
      'apps/api/build.mjs',
      'e2e/global-setup.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  // process.env is read in one place per app (design.md, anchors: hono-open-api-starter).
  {
    files: ['apps/api/src/**/*.ts', 'packages/**/*.ts'],
    ignores: ['apps/api/src/env.ts', '**/*.test.ts', 'apps/api/src/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts.' },
      ],
    },
  },
  // Imports flow one way: shared ← srs ← db ← api; web may import shared and srs only.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@verba/srs', '@verba/db', '@verba/api', '@verba/web'] },
      ],
    },
  },
  // `thing.ts` holds constants, types and texts, `thing.schema.ts` its zod schemas: a page that
  // needs a text then does not download zod with it.
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['**/*.schema.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@verba/srs', '@verba/db', '@verba/api', '@verba/web'] },
            { group: ['zod', 'zod/*'], message: 'Zod schemas live in *.schema.ts files.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/srs/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@verba/db', '@verba/api', '@verba/web'] }],
    },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@verba/api', '@verba/web'] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@verba/db', '@verba/api'],
              message: 'The web app talks to the API over HTTP.',
            },
          ],
        },
      ],
    },
  },
  // Shared code sits below the features and the app (lib/, components/): it imports neither, so
  // a feature or a page can use it without pulling in another feature.
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@verba/db', '@verba/api'],
              message: 'The web app talks to the API over HTTP.',
            },
            {
              regex: '^@/(features|app)/|^(\\.\\./)+(features|app)/',
              message: 'lib/ and components/ are shared code: they import no feature and no page.',
            },
          ],
        },
      ],
    },
  },
  // Features never import each other; route modules in app/ compose them (bulletproof-react).
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { verba: featureBoundaries },
    rules: {
      'verba/no-cross-feature-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@verba/db', '@verba/api'],
              message: 'The web app talks to the API over HTTP.',
            },
            { group: ['**/app/**', '@/app/**'], message: 'Features do not import the app layer.' },
            {
              regex: '^(\\.\\./)+features/|^@/features/',
              message: 'Features do not import each other; compose them in app/routes.',
            },
          ],
        },
      ],
    },
  },
);
