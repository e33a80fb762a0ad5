import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../src/database/data-source';
import { migrateUnderLock } from '../src/database/migrate';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import type { DbTarget } from './targets';
import { TARGETS_ENV, withDatabase } from './targets';

async function createTemplate(url: string, template: string): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const dataSource = createDataSource(withDatabase(url, template), 2);
  await dataSource.initialize();
  try {
    await migrateUnderLock(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-test-db-'));
  const embedded = await startEmbeddedPostgres(dataDir, () => undefined);
  (globalThis as { embeddedDb?: typeof embedded }).embeddedDb = embedded;
  // one template per run, so two runs on one server do not trip over each other
  const template = `sweepline_tpl_${process.pid}`;
  const targets: DbTarget[] = [{ name: 'embedded', url: embedded.url, template }];
  if (process.env.DATABASE_URL) targets.push({ name: 'server', url: process.env.DATABASE_URL, template });
  for (const target of targets) await createTemplate(target.url, target.template);
  process.env[TARGETS_ENV] = JSON.stringify(targets);
}
