import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs as another user (the postgres system user when run as root)
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The port of the embedded cluster in `pgDir` while its postmaster runs (postmaster.pid, line 4). */
function runningPort(pgDir: string): number | undefined {
  const file = join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const [pid, , , port] = readFileSync(file, 'utf8').split('\n');
  return pid && port && isAlive(Number(pid)) ? Number(port) : undefined;
}

/**
 * The address of the embedded cluster of `dataDir` while it runs (the API's, usually): the
 * commands beside the API (backup, create-admin) use it, for one data folder can have one server
 * only. Undefined when none runs: the command starts it as the API would
 * (embedded-postgres.ts, whose conventions this follows: user postgres, the password beside it).
 */
export function runningClusterUrl(dataDir: string): string | undefined {
  const port = runningPort(join(dataDir, 'pg'));
  if (port === undefined) return undefined;
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}
