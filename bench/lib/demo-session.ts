/**
 * The demo account of tools/seed (docs/seed.md) on a bench database, and a session of its manager
 * made straight in the database: the sign-in screen's proof of work is for people, and the bench
 * measures the screens behind it, not the sign-in.
 */
import { Client } from 'pg';
import { hashToken, newToken } from '@sweepline/testing';
import { DEMO_IDENTITY, seed } from '@sweepline/tools';

export interface DemoSession {
  /** The manager's session token, as the web app keeps it in session storage. */
  token: string;
  /** A recent run that has traces, to open on /tr. */
  run: { id: number; sn: string };
}

/** Seeds the demo account on `url` (a migrated database) and signs its manager in. */
export async function seedDemoSession(url: string): Promise<DemoSession> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await seed(db, 'lighthouse');
    const manager = DEMO_IDENTITY.users[0]!;
    const { rows: users } = await db.query<{ id: number; account_id: number }>(
      `SELECT id, account_id FROM app_user WHERE email = $1 AND deleted_at IS NULL`,
      [manager.email],
    );
    const user = users[0]!;
    const token = newToken();
    await db.query(
      `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [hashToken(token), user.id],
    );
    const { rows: runs } = await db.query<{ id: string; sn: string }>(
      `SELECT r.id, s.sn FROM run r JOIN serial_number s ON s.id = r.serial_number_id
       WHERE r.account_id = $1 AND EXISTS (SELECT 1 FROM run_trace t WHERE t.run_id = r.id)
       ORDER BY r.start_time DESC LIMIT 1`,
      [user.account_id],
    );
    const run = runs[0];
    if (!run) throw new Error('The demo seed made no run with traces');
    return { token, run: { id: Number(run.id), sn: run.sn } };
  } finally {
    await db.end();
  }
}
