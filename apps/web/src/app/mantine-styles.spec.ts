import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../../..');
const STYLES = join(ROOT, 'node_modules/@mantine/core/styles');
const SOURCES = ['apps/web/src', 'libs/ui/src'].map((dir) => join(ROOT, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

/** Every value (not type) imported from '@mantine/core' anywhere in the app's code. */
function componentsUsed(): Set<string> {
  const used = new Set<string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    for (const [, names] of readFileSync(file, 'utf8').matchAll(
      /import \{([^}]*)\} from '@mantine\/core'/g,
    )) {
      for (const name of names!.split(',').map((n) => n.trim())) {
        if (name && !name.startsWith('type ')) used.add(name.split(' as ')[0]!);
      }
    }
  }
  return used;
}

describe("Mantine's CSS per component (docs/web.md, CSS per component)", () => {
  const imported = readFileSync(join(__dirname, 'mantine-styles.ts'), 'utf8');

  it('imports the stylesheet of every Mantine component the app uses', () => {
    const missing = [...componentsUsed()]
      .filter((name) => existsSync(join(STYLES, `${name}.css`)))
      .filter((name) => !imported.includes(`'@mantine/core/styles/${name}.css'`));
    expect(missing).toEqual([]);
  });

  it("never Mantine's whole stylesheet", () => {
    const whole = SOURCES.flatMap(sourceFiles).filter((file) =>
      readFileSync(file, 'utf8').includes("'@mantine/core/styles.css'"),
    );
    expect(whole).toEqual([]);
  });
});
