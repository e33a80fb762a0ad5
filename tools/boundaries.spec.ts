import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The architecture's rules (docs/architecture.md) live in lint config; these probes make sure it
// keeps reporting each kind of violation, so a config change cannot switch a rule off unnoticed.
const root = join(__dirname, '..');

/** One probe: `code` linted as a file in `dir` (its name ends in `suffix`). */
interface Probe {
  dir: string;
  suffix?: string;
  code: string;
}

const PROBES = {
  appImportsApp: { dir: 'apps/api/src', code: "import '@sweepline/cli';\n" },
  appReachesIntoApp: { dir: 'apps/web/src', code: "import '../../api/src/main';\n" },
  apiImportsInstruments: { dir: 'apps/api/src', code: "import '@sweepline/instruments';\n" },
  domainImportsUi: { dir: 'libs/domain/src', code: "import '@sweepline/ui';\n" },
  domainUsesNode: {
    dir: 'libs/domain/src',
    code: "import { readFileSync } from 'node:fs';\nexport const x = [readFileSync, window];\n",
  },
  webImportsLibs: { dir: 'apps/web/src', code: "import '@sweepline/domain';\nimport '@sweepline/ui';\n" },
  testingImportsInstruments: { dir: 'libs/testing/src', code: "import '@sweepline/instruments';\n" },
  cliImportsTesting: { dir: 'apps/cli/src', code: "import '@sweepline/testing';\n" },
  cliSpecImportsTesting: { dir: 'apps/cli/src', suffix: '.spec.ts', code: "import '@sweepline/testing';\n" },
  webE2eImportsTesting: { dir: 'apps/web/e2e', code: "import '@sweepline/testing';\n" },
  apiImportsTesting: { dir: 'apps/api/src', code: "import '@sweepline/testing';\n" },
  apiTestImportsTesting: {
    dir: 'apps/api/test',
    suffix: '.int-spec.ts',
    code: "import '@sweepline/testing';\n",
  },
  domainSpecUsesNode: { dir: 'libs/domain/src', suffix: '.spec.ts', code: "import 'node:fs';\n" },
  serviceImportsDb: {
    dir: 'apps/api/src/editor/products',
    suffix: '.service.ts',
    code: "import type { Db } from '../../database/transaction';\nexport type X = Db;\n",
  },
  repositoryImportsDb: {
    dir: 'apps/api/src/editor/products',
    suffix: '.repository.ts',
    code: "import type { Db } from '../../database/transaction';\nexport type X = Db;\n",
  },
  controllerImportsWithoutTransaction: {
    dir: 'apps/api/src/editor/products',
    suffix: '.controller.ts',
    code: "import { WithoutTransaction } from '../../database/transaction';\nexport const x = WithoutTransaction;\n",
  },
  serviceImportsDataSource: {
    dir: 'apps/api/src/editor/products',
    suffix: '.service.ts',
    code: "import type { DataSource } from 'typeorm';\nexport type X = DataSource;\n",
  },
  repositoryImportsDataSource: {
    dir: 'apps/api/src/editor/products',
    suffix: '.repository.ts',
    code: "import type { DataSource } from 'typeorm';\nexport type X = DataSource;\n",
  },
  backupCreatesDataSource: {
    dir: 'apps/api/src/backup',
    code: "import { createDataSource } from '../database/data-source';\nexport const x = createDataSource;\n",
  },
  serviceImportsPoolDb: {
    dir: 'apps/api/src/rate-limit',
    suffix: '.service.ts',
    code: "import type { PoolDb } from '../database/pool-db';\nexport type X = PoolDb;\n",
  },
  repositoryImportsPoolDb: {
    dir: 'apps/api/src/rate-limit',
    suffix: '.repository.ts',
    code: "import type { PoolDb } from '../database/pool-db';\nexport type X = PoolDb;\n",
  },
  databaseImportsDataSource: {
    dir: 'apps/api/src/database',
    code: "import type { DataSource } from 'typeorm';\nexport type X = DataSource;\n",
  },
  dtoWithoutShape: {
    dir: 'apps/api/src/editor/products/dto',
    code: 'export class ProbeDto {\n  name!: string;\n}\n',
  },
  dtoWithShape: {
    dir: 'apps/api/src/editor/products/dto',
    code: "import type { NameBody } from '@sweepline/domain';\nexport class ProbeDto implements NameBody {\n  name!: string;\n}\n",
  },
  floatingPromise: {
    dir: 'apps/cli/src',
    code: 'async function work(): Promise<void> {}\nexport function start(): void {\n  work();\n}\n',
  },
  voidedPromise: {
    dir: 'apps/cli/src',
    code: 'async function work(): Promise<void> {}\nexport function start(): void {\n  void work();\n}\n',
  },
  misusedPromise: {
    dir: 'apps/web/src',
    code: "export function wire(button: HTMLButtonElement): void {\n  button.addEventListener('click', async () => {});\n}\n",
  },
  switchNotExhaustive: {
    dir: 'libs/domain/src',
    code: "export function f(x: 'a' | 'b'): number {\n  switch (x) {\n    case 'a':\n      return 1;\n  }\n  return 0;\n}\n",
  },
  cycleA: {
    dir: 'libs/domain/src',
    code: "import type { B } from './lint-probe-cycleB';\nexport interface A {\n  b?: B;\n}\n",
  },
  cycleB: {
    dir: 'libs/domain/src',
    code: "import type { A } from './lint-probe-cycleA';\nexport interface B {\n  a?: A;\n}\n",
  },
  besideCycle: {
    dir: 'libs/domain/src',
    code: "import type { A } from './lint-probe-cycleA';\nexport type C = A[];\n",
  },
  valueImportOfType: {
    dir: 'apps/cli/src',
    code: "import { Command } from 'commander';\nexport type C = Command;\n",
  },
  typeImportOfType: {
    dir: 'apps/cli/src',
    code: "import type { Command } from 'commander';\nexport type C = Command;\n",
  },
  serviceImportsApiError: {
    dir: 'apps/api/src/editor/products',
    suffix: '.service.ts',
    code: "import * as apiError from '../../common/api-error';\nexport const errors = apiError;\n",
  },
  serviceThrowsNestException: {
    dir: 'apps/api/src/editor/products',
    suffix: '.service.ts',
    code: "import { BadRequestException } from '@nestjs/common';\nexport function refuse(): never {\n  throw new BadRequestException('x');\n}\n",
  },
  controllerSetsStatus: {
    dir: 'apps/api/src/editor/products',
    suffix: '.controller.ts',
    code: "import { HttpCode, HttpStatus } from '@nestjs/common';\nexport const created = HttpCode(HttpStatus.CREATED);\n",
  },
  moduleExportsRepository: {
    dir: 'apps/api/src/editor',
    suffix: '.module.ts',
    code: "import { Module } from '@nestjs/common';\n\nclass PartsRepository {}\n\n@Module({ providers: [PartsRepository], exports: [PartsRepository] })\nexport class ProbeModule {}\n",
  },
  moduleExportsService: {
    dir: 'apps/api/src/editor',
    suffix: '.module.ts',
    code: "import { Module } from '@nestjs/common';\n\nclass PartsService {}\n\n@Module({ providers: [PartsService], exports: [PartsService] })\nexport class ProbeModule {}\n",
  },
  cliCallsPaths: {
    dir: 'apps/cli/src',
    code: [
      'declare const API_PREFIX: string;',
      'declare const client: { server: string; call(method: string, path: string): Promise<unknown> };',
      "export const products = (): Promise<unknown> => client.call('GET', '/runner/products');",
      "export const seq = (id: number): Promise<unknown> => client.call('GET', `/runner/seqs/${id}`);",
      'export const files = (id: number): string => `${client.server}${API_PREFIX}/runner/runs/${id}`;',
      "export const login = 'http://localhost/webcyc/api/login';",
      '',
    ].join('\n'),
  },
  webApiModuleHoldsPath: {
    dir: 'apps/web/src/app',
    suffix: '.api.ts',
    code: "export const PRODUCTS = '/user/product_list';\n",
  },
  componentImportsApi: {
    dir: 'apps/web/src/features/contact',
    suffix: '.tsx',
    code: "import { siteApi } from './site.api';\nexport const api = siteApi;\n",
  },
  componentImportsHook: {
    dir: 'apps/web/src/features/contact',
    suffix: '.tsx',
    code: "import { useSiteInfo } from './useSiteInfo';\nexport const hook = useSiteInfo;\n",
  },
  webNavigates: {
    dir: 'apps/web/src',
    code: [
      'declare function navigate(to: string): void;',
      "export const home = (): void => navigate('/login');",
      "export const link = { label: 'Test Results', to: `/tr?sn=${encodeURIComponent('A')}` };",
      "export const API_BASE = '/webcyc/api';",
      '',
    ].join('\n'),
  },
  themeImportsComponent: {
    dir: 'libs/ui/src',
    code: "import { createTheme, Select } from '@mantine/core';\nexport const t = createTheme({ components: { Select: Select.extend({}) } });\n",
  },
  themeImportsTypes: {
    dir: 'libs/ui/src',
    code: "import { createTheme, type SelectProps } from '@mantine/core';\nexport const t = createTheme({ components: { Select: { defaultProps: {} satisfies Partial<SelectProps> } } });\n",
  },
  benchImportsApp: { dir: 'bench', code: "import '../apps/api/src/auth/tokens';\n" },
  benchImportsLibsAndSeed: {
    dir: 'bench',
    code: "import '@sweepline/domain';\nimport '@sweepline/testing';\nimport '@sweepline/tools';\n",
  },
} satisfies Record<string, Probe>;

type ProbeName = keyof typeof PROBES;

const fileOf = (name: ProbeName): string => {
  const probe: Probe = PROBES[name];
  return join(probe.dir, `lint-probe-${name}${probe.suffix ?? '.ts'}`);
};

let ruleIds: Record<string, string[]>;

/** The rule ids (or parse messages) ESLint reports for a probe. */
function idsOf(name: ProbeName): string[] {
  const ids = ruleIds[join(root, fileOf(name))];
  if (!ids) throw new Error(`ESLint did not lint ${fileOf(name)}`);
  return ids;
}

describe('lint rules', () => {
  // Every probe is written as a real file and linted in one ESLint run: the type-aware rules need
  // each file in its project's program, and one run builds the programs once.
  beforeAll(() => {
    // The Nx rule reads the cached project graph; make sure it exists.
    execFileSync('npx', ['nx', 'show', 'projects'], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'ignore',
    });
    const names = Object.keys(PROBES) as ProbeName[];
    try {
      for (const name of names) writeFileSync(join(root, fileOf(name)), PROBES[name].code);
      // ESLint runs as its own process: its flat config is an ES module, which Jest's CommonJS
      // sandbox cannot import.
      const out = spawnSync('npx', ['eslint', '--format', 'json', ...names.map(fileOf)], {
        cwd: root,
        encoding: 'utf8',
      });
      const results = JSON.parse(out.stdout) as {
        filePath: string;
        messages: { ruleId: string | null; message: string }[];
      }[];
      ruleIds = Object.fromEntries(
        results.map((r) => [r.filePath, r.messages.map((m) => m.ruleId ?? m.message)]),
      );
    } finally {
      for (const name of names) rmSync(join(root, fileOf(name)), { force: true });
    }
  }, 600_000);

  it('refuses an app importing another app', () => {
    expect(idsOf('appImportsApp')).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses an app reaching into another app by a relative path', () => {
    expect(idsOf('appReachesIntoApp')).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses the API importing the instruments library', () => {
    expect(idsOf('apiImportsInstruments')).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses the domain importing any other project', () => {
    expect(idsOf('domainImportsUi')).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses Node APIs and DOM globals in the domain', () => {
    expect(idsOf('domainUsesNode')).toEqual(
      expect.arrayContaining(['no-restricted-imports', 'no-restricted-globals']),
    );
  });

  it('allows the web app to import the domain and the UI library', () => {
    expect(idsOf('webImportsLibs')).toEqual([]);
  });

  it('refuses the test-support library importing anything but the domain', () => {
    expect(idsOf('testingImportsInstruments')).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses the test-support library in app code, allows it in the tests', () => {
    expect(idsOf('cliImportsTesting')).toContain('no-restricted-imports');
    expect(idsOf('cliSpecImportsTesting')).toEqual([]);
    expect(idsOf('webE2eImportsTesting')).toEqual([]);
    expect(idsOf('apiImportsTesting')).toContain('no-restricted-imports');
    expect(idsOf('apiTestImportsTesting')).toEqual([]);
  });

  it('allows Node APIs in the domain tests', () => {
    expect(idsOf('domainSpecUsesNode')).toEqual([]);
  });

  it('refuses Db outside a repository, allows it in one and the rest of the transaction module anywhere', () => {
    expect(idsOf('serviceImportsDb')).toContain('no-restricted-imports');
    expect(idsOf('repositoryImportsDb')).toEqual([]);
    expect(idsOf('controllerImportsWithoutTransaction')).toEqual([]);
  });

  it('refuses the DataSource outside the set-up of the connection, allows it in database/', () => {
    expect(idsOf('serviceImportsDataSource')).toContain('no-restricted-imports');
    expect(idsOf('repositoryImportsDataSource')).toContain('no-restricted-imports');
    expect(idsOf('backupCreatesDataSource')).toContain('no-restricted-imports');
    expect(idsOf('databaseImportsDataSource')).toEqual([]);
  });

  it('refuses PoolDb outside a repository, like Db', () => {
    expect(idsOf('serviceImportsPoolDb')).toContain('no-restricted-imports');
    expect(idsOf('repositoryImportsPoolDb')).toEqual([]);
  });

  it('refuses a DTO that implements no shape of the domain', () => {
    expect(idsOf('dtoWithoutShape')).toContain('no-restricted-syntax');
    expect(idsOf('dtoWithShape')).toEqual([]);
  });

  it('refuses a promise nobody awaits, unless voided on purpose', () => {
    expect(idsOf('floatingPromise')).toContain('@typescript-eslint/no-floating-promises');
    expect(idsOf('voidedPromise')).toEqual([]);
  });

  it('refuses an async function where a void callback is expected', () => {
    expect(idsOf('misusedPromise')).toContain('@typescript-eslint/no-misused-promises');
  });

  it('refuses a switch that forgets a case', () => {
    expect(idsOf('switchNotExhaustive')).toContain('@typescript-eslint/switch-exhaustiveness-check');
  });

  it('refuses an import cycle, even of types only, and only in the files on the cycle', () => {
    expect(idsOf('cycleA')).toContain('sweepline/no-import-cycle');
    expect(idsOf('cycleB')).toContain('sweepline/no-import-cycle');
    expect(idsOf('besideCycle')).toEqual([]);
  });

  it('refuses a value import of what is used only as a type', () => {
    expect(idsOf('valueImportOfType')).toContain('@typescript-eslint/consistent-type-imports');
    expect(idsOf('typeImportOfType')).toEqual([]);
  });

  it('refuses HTTP errors past the edge, allows HTTP statuses', () => {
    expect(idsOf('serviceImportsApiError')).toContain('@typescript-eslint/no-restricted-imports');
    expect(idsOf('serviceThrowsNestException')).toContain('@typescript-eslint/no-restricted-imports');
    expect(idsOf('controllerSetsStatus')).toEqual([]);
  });

  it('refuses a module exporting a repository, allows one exporting a service', () => {
    expect(idsOf('moduleExportsRepository')).toContain('no-restricted-syntax');
    expect(idsOf('moduleExportsService')).toEqual([]);
  });

  it('refuses API paths written in the clients, allows screen routes and the API prefix', () => {
    // a path in a call, a path in a template, a path after the prefix, a whole API address
    expect(idsOf('cliCallsPaths')).toEqual(Array(4).fill('no-restricted-syntax'));
    expect(idsOf('webApiModuleHoldsPath')).toContain('no-restricted-syntax');
    expect(idsOf('webNavigates')).toEqual([]);
  });

  it("refuses a component importing a *.api module, allows its screen's hooks", () => {
    expect(idsOf('componentImportsApi')).toContain('@typescript-eslint/no-restricted-imports');
    expect(idsOf('componentImportsHook')).toEqual([]);
  });

  it("refuses a Mantine component imported into the theme, allows its props' types", () => {
    expect(idsOf('themeImportsComponent')).toContain('@typescript-eslint/no-restricted-imports');
    expect(idsOf('themeImportsTypes')).toEqual([]);
  });

  it('holds bench/ to the boundaries of tools/: libraries and the seed, never an app', () => {
    expect(idsOf('benchImportsApp')).toContain('@nx/enforce-module-boundaries');
    expect(idsOf('benchImportsLibsAndSeed')).toEqual([]);
  });
});
