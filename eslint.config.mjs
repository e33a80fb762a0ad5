// One lint config for the workspace. The module-boundary rule enforces the one-way dependency
// graph of docs/architecture.md; the domain block keeps libs/domain free of Node, DOM and
// framework APIs so it runs unchanged in the browser, the API and the CLI.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/coverage',
      '**/.reports',
      '.nx',
      '.sweepline',
      'artifacts',
      'apps/cli/release',
      'apps/web/public/dl',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: ['scope:domain'] },
            { sourceTag: 'scope:instruments', onlyDependOnLibsWithTags: ['scope:domain'] },
            { sourceTag: 'scope:ui', onlyDependOnLibsWithTags: ['scope:domain'] },
            // scope:testing (test support: the built API, event streams) only from tests and test helpers, never app code
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:domain', 'scope:testing'] },
            {
              sourceTag: 'scope:web',
              onlyDependOnLibsWithTags: ['scope:domain', 'scope:ui', 'scope:testing'],
            },
            {
              sourceTag: 'scope:cli',
              onlyDependOnLibsWithTags: ['scope:domain', 'scope:instruments', 'scope:testing'],
            },
            // tools/ (seeding, doc generators) may use the libraries, never an app
            {
              sourceTag: 'scope:tools',
              onlyDependOnLibsWithTags: ['scope:domain', 'scope:instruments', 'scope:testing'],
            },
            { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:domain'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['libs/domain/src/**/*.ts'],
    ignores: ['libs/domain/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'libs/domain is pure: no Node APIs.' })),
          patterns: [
            {
              group: ['react', 'react-*', '@nestjs/*', 'typeorm', 'pg', '@mantine/*', 'jotai', 'jotai/*'],
              message: 'libs/domain is pure: no frameworks.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'fetch',
          'process',
          'Buffer',
          'require',
          'setTimeout',
          'setInterval',
        ].map((name) => ({ name, message: 'libs/domain is pure: no Node or DOM globals.' })),
      ],
    },
  },
  {
    // the tag rule is per project: keep the test-support library out of the shipped app code
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx'],
    ignores: [
      'apps/*/src/**/*.spec.ts',
      'apps/*/src/**/*.int-spec.ts',
      'apps/*/src/**/*.spec.tsx',
      'apps/*/src/**/testing/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@sweepline/testing', message: '@sweepline/testing is for tests only.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: {
        module: 'writable',
        require: 'readonly',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
