import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

// The architecture's one-way rule (docs/architecture.md) lives in lint config; these probes make
// sure it keeps reporting wrong imports, so a config change cannot switch it off unnoticed.
const root = join(__dirname, '..');

// ESLint runs as its own process: its flat config is an ES module, which Jest's CommonJS
// sandbox cannot import.
async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const out = spawnSync('npx', ['eslint', '--format', 'json', '--stdin', '--stdin-filename', file], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(out.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('module boundaries', () => {
  beforeAll(() => {
    // The Nx rule reads the cached project graph; make sure it exists.
    execFileSync('npx', ['nx', 'show', 'projects'], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'ignore',
    });
  }, 60_000);

  it('refuses an app importing another app', async () => {
    const ids = await ruleIdsFor('apps/api/src/probe.ts', "import '@sweepline/cli';\n");
    expect(ids).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses an app reaching into another app by a relative path', async () => {
    const ids = await ruleIdsFor('apps/web/src/probe.ts', "import '../../api/src/main';\n");
    expect(ids).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses the API importing the instruments library', async () => {
    const ids = await ruleIdsFor('apps/api/src/probe.ts', "import '@sweepline/instruments';\n");
    expect(ids).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses the domain importing any other project', async () => {
    const ids = await ruleIdsFor('libs/domain/src/probe.ts', "import '@sweepline/ui';\n");
    expect(ids).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses Node APIs and DOM globals in the domain', async () => {
    const ids = await ruleIdsFor(
      'libs/domain/src/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = [readFileSync, window];\n",
    );
    expect(ids).toEqual(expect.arrayContaining(['no-restricted-imports', 'no-restricted-globals']));
  });

  it('allows the web app to import the domain and the UI library', async () => {
    const ids = await ruleIdsFor(
      'apps/web/src/probe.ts',
      "import '@sweepline/domain';\nimport '@sweepline/ui';\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuses the test-support library importing anything but the domain', async () => {
    const ids = await ruleIdsFor('libs/testing/src/probe.ts', "import '@sweepline/instruments';\n");
    expect(ids).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses the test-support library in app code, allows it in the tests', async () => {
    expect(await ruleIdsFor('apps/cli/src/probe.ts', "import '@sweepline/testing';\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('apps/cli/src/probe.spec.ts', "import '@sweepline/testing';\n")).toEqual([]);
    expect(await ruleIdsFor('apps/web/e2e/probe.ts', "import '@sweepline/testing';\n")).toEqual([]);
    expect(await ruleIdsFor('apps/api/src/probe.ts', "import '@sweepline/testing';\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('apps/api/test/probe.int-spec.ts', "import '@sweepline/testing';\n")).toEqual([]);
  });

  it('allows Node APIs in the domain tests', async () => {
    const ids = await ruleIdsFor('libs/domain/src/probe.spec.ts', "import 'node:fs';\n");
    expect(ids).toEqual([]);
  });
});
