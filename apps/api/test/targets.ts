/**
 * The databases the integration tests run against (issue 4): always the embedded PostgreSQL,
 * and the PostgreSQL server too when DATABASE_URL is set (CI sets it). global-setup.ts fills
 * this in; each test file makes its own database from the migrated template of each target.
 */
export interface DbTarget {
  name: 'embedded' | 'server';
  /** Connection URL of the target's maintenance database. */
  url: string;
  /** A migrated database to copy: CREATE DATABASE ... TEMPLATE is fast. */
  template: string;
}

export const TARGETS_ENV = 'SWEEPLINE_TEST_TARGETS';

export function testTargets(): DbTarget[] {
  const raw = process.env[TARGETS_ENV];
  if (!raw) throw new Error('The API integration tests need jest globalSetup (test/global-setup.ts)');
  return JSON.parse(raw) as DbTarget[];
}

/** The URL of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
