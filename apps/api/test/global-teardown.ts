import { Client } from 'pg';
import type { DbTarget } from './targets';
import { TARGETS_ENV } from './targets';

export default async function globalTeardown(): Promise<void> {
  const targets = JSON.parse(process.env[TARGETS_ENV] ?? '[]') as DbTarget[];
  for (const target of targets.filter((t) => t.name === 'server')) {
    const admin = new Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${target.template}`).catch(() => undefined);
    await admin.end();
  }
  await (globalThis as { embeddedDb?: { stop(): Promise<void> } }).embeddedDb?.stop();
}
