import { dayRange, localDay } from '@sweepline/domain';
import { Client } from 'pg';
import { signIn } from './scale-account';

const DAY = 86_400_000;

/** The analytics benches' subject: a session of the scale account's manager, the test (Scale Alpha / Tune) and its step. */
export interface AnalysisSubject {
  token: string;
  accountId: number;
  seq_id: number;
  product_id: number;
  title: string;
}

export async function analysisSubject(url: string): Promise<AnalysisSubject> {
  const { token, accountId } = await signIn(url, 0);
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ seq_id: number; product_id: number; title: string }>(
      `SELECT s.id AS seq_id, s.product_id, (SELECT steps->1->>'title' FROM run
                                               WHERE account_id = s.account_id AND seq_id = s.id LIMIT 1) AS title
         FROM seq s JOIN product p ON p.id = s.product_id
        WHERE s.account_id = $1 AND p.name = 'Scale Alpha' AND s.name = 'Tune'`,
      [accountId],
    );
    return { token, accountId, ...rows[0]! };
  } finally {
    await db.end();
  }
}

/** The query of the 90 days up to today (UTC), as the benches ask the analytics. */
export function ninetyDays(): string {
  const range = dayRange(localDay(Date.now() - 89 * DAY, 0), localDay(Date.now(), 0), 0);
  return `start_time=${range.start_time}&stop_time=${range.stop_time}&zone_offset=0`;
}
