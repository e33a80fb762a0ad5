import type { INestApplication } from '@nestjs/common';
import { AccountsService } from './accounts/accounts.service';
import { createApp } from './create-app';
import { drainOnStop } from './common/graceful-stop';
import { loadConfig } from './config/app-config';
import { startEmbeddedPostgres } from './database/embedded-postgres';

/**
 * An empty database gets a hint, never demo data: fixed demo credentials on a production install
 * would be a way in (docs/seed.md).
 */
async function demoHint(app: INestApplication): Promise<string | undefined> {
  if (!(await app.get(AccountsService).noneYet())) return undefined;
  return 'No customer account yet: sign up there, or run `npm run seed` (same DATABASE_URL or SWEEPLINE_DATA_DIR) for a demo account (docs/seed.md).';
}

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, (line) => process.stderr.write(`[postgres] ${line}\n`));
  const { app, dataSource } = await createApp(config, config.databaseUrl ?? embedded!.url);
  await app.listen(config.port);
  // The last lines of the start, once the server takes connections (the log is written in order,
  // common/log-format.ts): where to go, and beside it what to do on an empty database
  // (docs/operations.md, "Starting").
  const hint = await demoHint(app);
  console.log(['', `Sweepline is running at ${config.publicUrl}`, ...(hint ? [hint] : []), ''].join('\n'));

  // Graceful stop (docs/operations.md, "Stopping"): stop accepting connections and let the
  // requests in flight finish (at most 30 s) while Nest's hooks end long-lived streams; then close
  // the pool, and only then stop the embedded server. An upload cut at the deadline is rolled
  // back with its connection or committed unanswered: its runner sends it again, counted once.
  const drain = drainOnStop(app.getHttpServer());
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping once the requests in flight are answered`);
    const [{ cut }] = await Promise.all([drain.stop(), app.close()]);
    if (cut > 0) console.log(`${cut} request(s) were cut at the 30 s limit`);
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) => void stop(signal);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
