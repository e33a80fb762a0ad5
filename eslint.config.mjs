// One lint config for the workspace. The module-boundary rule enforces the one-way dependency
// graph of docs/architecture.md; the domain block keeps libs/domain free of Node, DOM and
// framework APIs so it runs unchanged in the browser, the API and the CLI. The API blocks keep
// its data layer in one place (SQL only in *.repository.ts, the DataSource only where the
// connection is set up) and every DTO tied to its wire shape
// in libs/domain; the type-aware rules catch promises nobody waits for and switches that forget a
// case. Besides:
// - no import cycle, type-only ones included (tools/lint-rules);
// - imports of types say so;
// - only the API's edge throws HTTP errors;
// - no API module exports a repository;
// - the clients write no API path by hand.
// tools/boundaries.spec.ts probes each rule with a violation.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import sweepline from './tools/lint-rules/index.mjs';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const NO_TESTING = { name: '@sweepline/testing', message: '@sweepline/testing is for tests only.' };
const DB_ONLY_IN_REPOSITORIES = {
  group: ['**/database/transaction', '**/database/read-db', '**/database/pool-db'],
  importNames: ['Db', 'ReadDb', 'PoolDb'],
  message: "SQL lives in *.repository.ts: call the feature's repository instead of Db, ReadDb or PoolDb.",
};
// The connection pool and the migrations are set up in one place: database/, the composition
// root (core.module.ts) and the start-up files. Everything else reaches the database through Db,
// ReadDb, PoolDb or DedicatedClients (database/), so no feature can open a pool or migrate.
const CONNECTION_MESSAGE =
  'The DataSource is set up in database/, core.module.ts and the start-up files: a repository takes Db, ReadDb or PoolDb.';
const NO_DATA_SOURCE = { name: 'typeorm', importNames: ['DataSource'], message: CONNECTION_MESSAGE };
const NO_NEW_CONNECTION = { group: ['**/database/data-source'], message: CONNECTION_MESSAGE };
/** Where the connection and the migrations are set up (lint's exception to NO_DATA_SOURCE). */
const CONNECTION_SET_UP = [
  'apps/api/src/database/**/*.ts',
  'apps/api/src/core.module.ts',
  // the start-up files: the API's, and the administrator's command that runs before it
  'apps/api/src/main.ts',
  'apps/api/src/create-app.ts',
  'apps/api/src/app.module.ts',
  'apps/api/src/admin-bootstrap/admin-bootstrap.ts',
  'apps/api/src/admin-bootstrap/create-admin.ts',
];

// HTTP errors belong to the edge, for what no domain refusal names: the caller is not signed in
// (401), calls too often (429) or sends too large a body (413). Past the edge, code throws the
// domain's refusals, which common/ maps to HTTP in one place.
const HTTP_ERRORS_MESSAGE =
  "HTTP errors are thrown only at the edge (authentication, rate limits, body size): throw the domain's refusal instead.";
/** The edge: the files that may build an HTTP error, and the envelope that answers it. */
const HTTP_EDGE = [
  'apps/api/src/common/api-error.ts',
  'apps/api/src/common/envelope.ts',
  'apps/api/src/auth/authenticator.ts',
  'apps/api/src/auth/decorators.ts',
  'apps/api/src/rate-limit/rate-limit.service.ts',
  'apps/api/src/rate-limit/trial-quota.service.ts',
  'apps/api/src/common/file-upload.ts',
];

// The clients take every API path from the endpoint table of @sweepline/domain (`endpoints`), so
// no path is written by hand twice. A path literal is recognised where it can only be an API
// path: an argument of a client's call, after the API's prefix, or in a *.api.ts module. Screen
// routes ('/tr', '/login') go to the router and links, which these do not look at.
const API_PATH = '/^\\/[A-Za-z_]/';
const API_ADDRESS = '/\\/webcyc\\/api/';
const API_PREFIX_NAME = '/^API_(BASE|PREFIX)$/';
const CLIENT_CALL =
  'CallExpression[callee.property.name=/^(call|callForSession|send|get|post|put|delete|request)$/]';
const PATH_LITERAL_MESSAGE =
  'API paths come from the endpoint table (@sweepline/domain `endpoints`): pass the endpoint, not a path.';
/**
 * A path in a literal or a template at `place`, a template going on after the API's prefix, and
 * an address holding the prefix (but the prefix's own constant). One selector per kind of node,
 * so that a literal matching two ways is reported once.
 */
const apiPathSelectors = (place) =>
  [
    `Literal:matches(${place}Literal[value=${API_PATH}], [value=${API_ADDRESS}]):not(VariableDeclarator[id.name=${API_PREFIX_NAME}] > Literal)`,
    `${place}TemplateLiteral[quasis.0.value.raw=${API_PATH}]`,
    `TemplateLiteral:has(> Identifier[name=${API_PREFIX_NAME}]):has(> TemplateElement[value.raw=${API_PATH}])`,
  ].map((selector) => ({ selector, message: PATH_LITERAL_MESSAGE }));
const CLIENT_TESTS = ['apps/*/src/**/*.spec.ts', 'apps/*/src/**/*.spec.tsx', 'apps/*/src/**/testing/**'];

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
    // One program per project: each project's tsconfig.spec.json is its tsconfig.json plus its
    // tests, so every linted file belongs to exactly one of these.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        project: [
          'apps/*/tsconfig.spec.json',
          'libs/*/tsconfig.spec.json',
          'libs/testing/tsconfig.json',
          'tools/tsconfig.json',
          'bench/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { sweepline },
    rules: {
      'sweepline/no-import-cycle': 'error',
      // `typeof import('x')` stays allowed: it types a module that is only loaded lazily (ESM-only
      // or optional native ones such as altcha-lib and koffi), where a static import would load it
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
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
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:domain', 'scope:testing'] },
            // scope:testing (the built API for end-to-end tests, a private PostgreSQL server) only from
            // tests and test helpers, never app code (no-restricted-imports below)
            {
              sourceTag: 'scope:web',
              onlyDependOnLibsWithTags: ['scope:domain', 'scope:ui', 'scope:testing'],
            },
            {
              sourceTag: 'scope:cli',
              onlyDependOnLibsWithTags: ['scope:domain', 'scope:instruments', 'scope:testing'],
            },
            // tools/ (seeding, doc generators) and bench/ may use the libraries (bench/ the seed too), never an app
            {
              sourceTag: 'scope:tools',
              onlyDependOnLibsWithTags: ['scope:domain', 'scope:instruments', 'scope:testing'],
            },
            {
              sourceTag: 'scope:bench',
              onlyDependOnLibsWithTags: ['scope:domain', 'scope:instruments', 'scope:testing', 'scope:tools'],
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
    // the tag rule is per project: keep the test-support library out of the shipped app code,
    // and the API's SQL in its repositories (docs/architecture.md, data layer): only they hold
    // Db, the request's transaction. Tests and their testing/ helpers may arrange rows directly.
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx'],
    ignores: [
      'apps/*/src/**/*.spec.ts',
      'apps/*/src/**/*.spec.tsx',
      'apps/*/src/**/*-spec.ts',
      'apps/*/src/**/testing/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [NO_TESTING, NO_DATA_SOURCE], patterns: [DB_ONLY_IN_REPOSITORIES, NO_NEW_CONNECTION] },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [NO_TESTING, NO_DATA_SOURCE], patterns: [NO_NEW_CONNECTION] },
      ],
    },
  },
  {
    // last, so that database/'s own repositories are set-up files too
    files: CONNECTION_SET_UP,
    rules: { 'no-restricted-imports': ['error', { paths: [NO_TESTING] }] },
  },
  {
    // Every DTO states the wire shape of libs/domain it carries, which the web app and the CLI
    // import: a DTO without `implements` is a second, unchecked declaration of a shape.
    // A module exports services, never a repository: another feature asks the owner's service,
    // so each table keeps one writer.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ClassDeclaration[id.name=/Dto$/]:not([implements.length>0])',
          message:
            'A DTO implements its request or reply shape from libs/domain/src/api (or beside its feature).',
        },
        {
          selector:
            "Decorator[expression.callee.name='Module'] Property[key.name='exports'] > ArrayExpression > Identifier[name=/Repository$/]",
          message:
            "A module exports services, never a repository: other features ask this feature's service.",
        },
      ],
    },
  },
  {
    // its own rule id (the typescript-eslint twin of no-restricted-imports), so that these files
    // need not repeat the data layer's restrictions above
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      ...HTTP_EDGE,
      'apps/api/src/**/*.spec.ts',
      'apps/api/src/**/*-spec.ts',
      'apps/api/src/**/testing/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/common/api-error'], message: HTTP_ERRORS_MESSAGE },
            { group: ['@nestjs/common'], importNamePattern: 'Exception$', message: HTTP_ERRORS_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/cli/src/**/*.ts'],
    ignores: CLIENT_TESTS,
    rules: { 'no-restricted-syntax': ['error', ...apiPathSelectors(`${CLIENT_CALL} > `)] },
  },
  {
    // A component calls its screen's hooks, which load through useServerData (docs/web.md,
    // "Loading server data"): a component that calls a *.api module loads a second, unmanaged way.
    // The typescript-eslint twin keeps the tag block's no-restricted-imports in force here.
    files: ['apps/web/src/**/*.tsx'],
    ignores: CLIENT_TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['*.api'], message: "A component calls its screen's hooks, never a *.api module." },
          ],
        },
      ],
    },
  },
  {
    // The theme is in every screen's first chunk: a Mantine component imported here for its
    // defaults (`Select.extend(…)`, which only returns its argument) brings its code along, as a
    // Select's whole combobox once did (docs/web.md, "The first load"). Its props' types suffice.
    // (the glob also takes the theme's probes of tools/boundaries.spec.ts, lint-probe-theme*.ts)
    files: ['libs/ui/src/*theme*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              allowImportNames: ['createTheme', 'DEFAULT_THEME', 'rem'],
              allowTypeImports: true,
              message: "The theme sets components' defaults as plain objects typed by their props.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.api.ts'],
    ignores: CLIENT_TESTS,
    rules: { 'no-restricted-syntax': ['error', ...apiPathSelectors('')] },
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
