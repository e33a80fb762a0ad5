import { DataSource } from 'typeorm';
import { createApp } from './create-app';
import { loadConfig } from './config/app-config';
import { startEmbeddedPostgres } from './database/embedded-postgres';

/**
 * An empty database gets a hint, never demo data: fixed demo credentials on a production install
 * would be a way in (docs/seed.md).
 */
async function offerDemo(dataSource: DataSource): Promise<void> {
  const [row] = (await dataSource.query('SELECT NOT EXISTS (SELECT 1 FROM account) AS empty')) as {
    empty: boolean;
  }[];
  if (row?.empty) {
    console.log(
      'No customer account yet: sign up, or run `npm run seed` (same DATABASE_URL or SWEEPLINE_DATA_DIR) for a demo account (docs/seed.md).',
    );
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, (line) => process.stderr.write(`[postgres] ${line}\n`));
  const { app, dataSource } = await createApp(config, config.databaseUrl ?? embedded!.url);
  await app.listen(config.port);
  console.log(`Sweepline is running at ${config.publicUrl}`);
  await offerDemo(dataSource);

  // Graceful shutdown: stop taking requests, let running ones finish, close the pool, and only
  // then stop the embedded server.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
