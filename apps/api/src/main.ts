import { createApp } from './create-app';
import { loadConfig } from './config/app-config';
import { startEmbeddedPostgres } from './database/embedded-postgres';

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, (line) => process.stderr.write(`[postgres] ${line}\n`));
  const { app, dataSource } = await createApp(config, config.databaseUrl ?? embedded!.url);
  await app.listen(config.port);
  console.log(`Sweepline is running at ${config.publicUrl}`);

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
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
