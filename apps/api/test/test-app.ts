import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../src/config/app-config';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import type { DbTarget } from './targets';
import { testTargets, withDatabase } from './targets';

export interface TestApp {
  target: DbTarget;
  app: INestApplication;
  dataSource: DataSource;
  config: AppConfig;
  /** The HTTP server, for supertest's request(). */
  http: () => ReturnType<INestApplication['getHttpServer']>;
  /** This file's own database, copied from the migrated template. */
  databaseUrl: string;
}

let counter = 0;

/**
 * The rate-limit window of the specs that count attempts. The counters use fixed windows, so a
 * spec whose calls straddle a window's end starts counting again; a week-long window is never
 * straddled by a spec (15-minute ones were, now and then, on a slow machine).
 */
export const RATE_WINDOW_MINUTES = 7 * 24 * 60;

/** A fresh database on the target, copied from the migrated template (or empty: `migrated` false). */
export async function createTestDatabase(target: DbTarget, migrated = true): Promise<string> {
  const name = `sweepline_t${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new Client({ connectionString: target.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${target.template}` : ''}`);
  } finally {
    await admin.end();
  }
  return withDatabase(target.url, name);
}

export async function dropTestDatabase(target: DbTarget, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new Client({ connectionString: target.url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Settings for tests: a private data folder (outbox), a quick proof of work, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-test-'));
  return {
    ...loadConfig({ SWEEPLINE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '200', PORT: '0' }),
    ...overrides,
  };
}

export async function startTestApp(target: DbTarget, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  return startAppOn(target, await createTestDatabase(target), overrides);
}

/** An app on an existing database: a second API instance beside another (multi-instance tests). */
export async function startAppOn(
  target: DbTarget,
  databaseUrl: string,
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const { app, dataSource } = await createApp(config, databaseUrl);
  return { target, app, dataSource, config, http: () => app.getHttpServer(), databaseUrl };
}

/** Stops the app and closes its pool, keeping the database (another app may still use it). */
export async function closeTestApp(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  await t.app.close();
  if (t.dataSource.isInitialized) await t.dataSource.destroy();
}

export async function stopTestApp(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  await closeTestApp(t);
  await dropTestDatabase(t.target, t.databaseUrl);
}

/**
 * Runs a suite once per database target (embedded, and the server when DATABASE_URL is set),
 * each on its own fresh database. `body` gets a getter of the running app.
 */
export function describeEachDatabase(
  name: string,
  body: (app: () => TestApp) => void,
  overrides: Partial<AppConfig> = {},
): void {
  for (const target of testTargets()) {
    describe(`${name} [${target.name}]`, () => {
      let current: TestApp | undefined;
      beforeAll(async () => {
        current = await startTestApp(target, overrides);
      });
      afterAll(() => stopTestApp(current));
      body(() => {
        if (!current) throw new Error('The test app is not running');
        return current;
      });
    });
  }
}
