import { Logger } from '@nestjs/common';
import { loadConfig } from '../config/app-config';
import { createDataSource } from '../database/data-source';
import type { EmbeddedDatabase } from '../database/embedded-postgres';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { migrateUnderLock } from '../database/migrate';
import { runningClusterUrl } from '../database/running-cluster';
import { adminCredentialsError, createAdmin } from './admin-bootstrap';
import { askHidden } from './hidden-prompt';

/**
 * `node apps/api/dist/admin-bootstrap/create-admin.js --email admin@example.com` makes the provider
 * administrator (role -1). The password comes from SWEEPLINE_ADMIN_PASSWORD or, on a terminal,
 * from a prompt; the database is the API's own (DATABASE_URL, or the embedded one in
 * SWEEPLINE_DATA_DIR, reached while the API runs it, else started for the command).
 * docs/api/identity.md.
 */
export interface CreateAdminIo {
  env: NodeJS.ProcessEnv;
  /** Undefined when there is no terminal to ask on. */
  askPassword?: (question: string) => Promise<string>;
  out: (line: string) => void;
}

const USAGE = 'Usage: create-admin --email <address>   (password from SWEEPLINE_ADMIN_PASSWORD or a prompt)';

function emailArgument(argv: string[]): string | undefined {
  const at = argv.findIndex((a) => a === '--email' || a.startsWith('--email='));
  if (at < 0 || argv.length !== (argv[at] === '--email' ? 2 : 1)) return undefined;
  return argv[at] === '--email' ? argv[at + 1] : argv[at]!.slice('--email='.length);
}

async function passwordOf(io: CreateAdminIo): Promise<string> {
  const fromEnv = io.env.SWEEPLINE_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!io.askPassword) throw new Error('Set SWEEPLINE_ADMIN_PASSWORD, or run this in a terminal to be asked');
  const password = await io.askPassword('Password: ');
  if ((await io.askPassword('Password again: ')) !== password)
    throw new Error('The two passwords are different');
  return password;
}

async function databaseUrl(io: CreateAdminIo): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  // the administrator variables are this script's input, not the API's start-up settings
  const config = loadConfig({ ...io.env, SWEEPLINE_ADMIN_EMAIL: '', SWEEPLINE_ADMIN_PASSWORD: '' });
  if (config.databaseUrl) return { url: config.databaseUrl };
  // the API's own cluster while it runs; one data folder can have one server only
  const running = runningClusterUrl(config.dataDir);
  if (running) return { url: running };
  try {
    const embedded = await startEmbeddedPostgres(config.dataDir, () => undefined);
    return { url: embedded.url, embedded };
  } catch (error) {
    // in PostgreSQL's words (embedded-postgres.ts): the API could not start it either
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not start the embedded database in ${config.dataDir}: ${why}`);
  }
}

/** The exit code: 0 when the administrator exists afterwards. */
export async function runCreateAdmin(argv: string[], io: CreateAdminIo): Promise<number> {
  const email = emailArgument(argv);
  if (!email) {
    io.out(USAGE);
    return 2;
  }
  let embedded: EmbeddedDatabase | undefined;
  try {
    const password = await passwordOf(io);
    const problem = adminCredentialsError(email, password);
    if (problem) throw new Error(problem);
    const database = await databaseUrl(io);
    embedded = database.embedded;
    const dataSource = createDataSource(database.url, 2);
    await dataSource.initialize();
    try {
      await migrateUnderLock(dataSource);
      const outcome = await createAdmin(dataSource, email, password);
      if (outcome === 'taken')
        throw new Error(`${email} belongs to a customer's user; choose another address`);
      io.out(
        outcome === 'created'
          ? `Created the administrator ${email}`
          : `${email} is already an administrator; nothing changed`,
      );
      return 0;
    } finally {
      await dataSource.destroy();
    }
  } catch (error) {
    io.out(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await embedded?.stop();
  }
}

if (require.main === module) {
  // The command's standard output is its answer alone. The database layer's warnings (the pool's
  // "not reachable" when the embedded server stops under sockets the pool has not yet closed) are
  // not the operator's concern here; errors still go to standard error.
  Logger.overrideLogger(['error']);
  void runCreateAdmin(process.argv.slice(2), {
    env: process.env,
    askPassword: process.stdin.isTTY ? askHidden : undefined,
    out: (line) => console.log(line),
  }).then((code) => process.exit(code));
}
