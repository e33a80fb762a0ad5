/**
 * The seed's own account: found by its manager's e-mail, emptied and made anew on every run, so
 * re-running gives the same demo. Every other account is left alone; an e-mail of the seed that
 * belongs to someone else's account stops the seed.
 */
import { hash } from '@node-rs/argon2';
import type { Role } from '@sweepline/domain';
import { passwordError } from '@sweepline/domain';
import type { Client } from 'pg';
import { SeedError } from './connect';

export interface SeedUser {
  email: string;
  name: string;
  role: Role;
}

export interface SeedIdentity {
  accountName: string;
  /** The manager first: the account is found by the manager's e-mail. */
  users: readonly SeedUser[];
  password: string;
}

export interface SeededAccount {
  accountId: number;
  /** User ids by e-mail. */
  userIds: Map<string, number>;
}

/** Tables that hold an account's rows, emptied children first (no ON DELETE CASCADE here). */
const OWN_TABLES = new Set([
  'run_trace',
  'attachment',
  'run',
  'sn_stage_history',
  'serial_number',
  'step',
  'seq',
  'product',
  'api_token',
  'app_user',
]);

/** The account's own rows, children first; the serial numbers' current stage is let go first. */
const EMPTY_STATEMENTS = [
  'DELETE FROM run_trace WHERE run_id IN (SELECT id FROM run WHERE account_id = $1)',
  'DELETE FROM attachment WHERE account_id = $1',
  'DELETE FROM run WHERE account_id = $1',
  'UPDATE serial_number SET current_history_id = NULL WHERE account_id = $1',
  'DELETE FROM sn_stage_history WHERE account_id = $1',
  'DELETE FROM serial_number WHERE account_id = $1',
  'DELETE FROM step WHERE account_id = $1',
  'DELETE FROM seq WHERE account_id = $1',
  'DELETE FROM product WHERE account_id = $1',
  'DELETE FROM api_token WHERE account_id = $1',
  'DELETE FROM app_user WHERE account_id = $1',
  'DELETE FROM account WHERE id = $1',
];

/** The first statements above: the units and everything that refers to them, down to the serial numbers. */
const UNIT_STATEMENTS = EMPTY_STATEMENTS.indexOf('DELETE FROM serial_number WHERE account_id = $1') + 1;

async function emptyAccount(db: Client, accountId: number): Promise<void> {
  // the audit trail refuses deletes, but of the one account this transaction names (docs/audit.md)
  await db.query(`SELECT set_config('sweepline.audit_erase_account', $1, true)`, [String(accountId)]);
  // rows of tables added after this seed was written (a roll-up, a bill) go first; they are
  // leaves, but if one refers to another, retry until none is left
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'account_id' AND table_name <> 'account'`,
  );
  let others = rows.map((r) => r.table_name).filter((t) => !OWN_TABLES.has(t));
  for (let pass = 0; others.length > 0 && pass < 5; pass++) {
    const failed: string[] = [];
    for (const table of others) {
      await db.query('SAVEPOINT seed_empty');
      try {
        await db.query(`DELETE FROM "${table}" WHERE account_id = $1`, [accountId]);
        await db.query('RELEASE SAVEPOINT seed_empty');
      } catch {
        await db.query('ROLLBACK TO SAVEPOINT seed_empty');
        failed.push(table);
      }
    }
    others = failed;
  }
  await emptyUnits(db, accountId);
  for (const statement of EMPTY_STATEMENTS) await db.query(statement, [accountId]);
}

/**
 * Deleting stage-history rows is slow: for each deleted row PostgreSQL checks that no
 * serial_number.current_history_id refers to it, and that column has no index, so every check
 * reads the whole serial_number table (76 s to replace the demo beside a 22k-unit account; hours
 * for the scale account). So:
 * - when the seed's account is the only one with serial numbers (a bench or dev database), its
 *   units, histories, runs and their traces, files and instrument links are all the rows of those tables:
 *   TRUNCATE them;
 * - else, as a superuser (the embedded cluster, a dev server), delete them with the row checks
 *   switched off for these statements only (session_replication_role): the rows deleted are
 *   exactly the account's units with everything that refers to them, so nothing is left
 *   dangling;
 * - else row by row (slow, but correct).
 */
async function emptyUnits(db: Client, accountId: number): Promise<void> {
  const { rows } = await db.query<{ alone: boolean; superuser: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM serial_number WHERE account_id <> $1) AS alone,
            current_setting('is_superuser') = 'on' AS superuser`,
    [accountId],
  );
  const { alone, superuser } = rows[0]!;
  if (!alone && !superuser) return;
  await db.query('SAVEPOINT seed_units');
  try {
    if (alone) {
      await db.query('TRUNCATE run_trace, attachment, run, run_origin_set, sn_stage_history, serial_number');
    } else {
      await db.query('SET LOCAL session_replication_role = replica');
      for (const statement of EMPTY_STATEMENTS.slice(0, UNIT_STATEMENTS))
        await db.query(statement, [accountId]);
      await db.query('SET LOCAL session_replication_role = origin');
    }
    await db.query('RELEASE SAVEPOINT seed_units');
  } catch {
    // a table added since refers to these: the row-by-row deletes below
    await db.query('ROLLBACK TO SAVEPOINT seed_units');
  }
}

/** The account that holds the identity's e-mails, after checking none belongs to another one. */
async function existingAccount(db: Client, identity: SeedIdentity): Promise<number | undefined> {
  const { rows } = await db.query<{ email: string; account_id: number | null; account_name: string | null }>(
    `SELECT u.email, u.account_id, a.name AS account_name
       FROM app_user u LEFT JOIN account a ON a.id = u.account_id
      WHERE lower(u.email) = ANY($1::text[]) AND u.deleted_at IS NULL`,
    [identity.users.map((u) => u.email.toLowerCase())],
  );
  const manager = identity.users[0]!.email.toLowerCase();
  const own = rows.find((r) => r.email.toLowerCase() === manager && r.account_name === identity.accountName);
  const foreign = rows.find((r) => r.account_id === null || r.account_id !== own?.account_id);
  if (foreign) {
    throw new SeedError(
      `${foreign.email} belongs to ${foreign.account_name ? `the account ${foreign.account_name}` : 'the administrator'}, ` +
        `not to the seed's account ${identity.accountName}: the seed changes no other account.`,
    );
  }
  return own?.account_id ?? undefined;
}

/** Empties (or creates) the identity's account with its users; `createdAt` starts its trial. */
export async function replaceAccount(
  db: Client,
  identity: SeedIdentity,
  createdAt: Date,
): Promise<SeededAccount> {
  const problem = passwordError(identity.password);
  if (problem) throw new SeedError(`The seed's password breaks the password rule: ${problem}`);
  const existing = await existingAccount(db, identity);
  if (existing !== undefined) await emptyAccount(db, existing);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO account (name, created_at, is_active) VALUES ($1, $2, true) RETURNING id`,
    [identity.accountName, createdAt],
  );
  const accountId = rows[0]!.id;
  const passwordHash = await hash(identity.password);
  const userIds = new Map<string, number>();
  for (const user of identity.users) {
    const { rows: userRows } = await db.query<{ id: number }>(
      `INSERT INTO app_user (account_id, email, name, role, password_hash, is_active, created_at)
       VALUES ($1, $2, $3, $4, $5, true, $6) RETURNING id`,
      [accountId, user.email, user.name, user.role, passwordHash, createdAt],
    );
    userIds.set(user.email, userRows[0]!.id);
  }
  return { accountId, userIds };
}
