/**
 * A process that starts the built API on its embedded PostgreSQL and holds it, for
 * built-api-signals.int-spec.ts: it writes one line, {"api": pid, "postgres": pid, "dataDir": …},
 * then waits for a signal; with `exit` as its argument it exits at once instead.
 * Run as `node -r ./test/swc-register.js test/built-api-child.ts [exit]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBuiltApi } from '@sweepline/testing';

async function main(): Promise<void> {
  const api = await startBuiltApi({ prefix: 'sweepline-signal' });
  const pidFile = readFileSync(join(api.dataDir, 'pg', 'postmaster.pid'), 'utf8');
  const postgres = Number(pidFile.split('\n')[0]);
  process.stdout.write(`${JSON.stringify({ api: api.pid, postgres, dataDir: api.dataDir })}\n`);
  if (process.argv[2] === 'exit') process.exit(0);
  // held until a signal ends it
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
