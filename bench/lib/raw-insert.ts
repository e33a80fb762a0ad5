/**
 * The floor an upload's PostgreSQL cost is held to (issue 41: "a raw PostgreSQL insert of the same
 * run printed beside it, as the ratio to beat"): the newest uploaded runs' rows inserted again,
 * each alone in its own transaction as an upload commits, into a table shaped like run with
 * neither its indexes, its partitions nor its triggers: what storing the run's row costs
 * PostgreSQL and nothing else. The rows travel as JSON parameters, as an upload's body does.
 */
import { Client } from 'pg';
import { backendsOf, cpuSeconds } from './cpu';

const TABLE = 'bench_raw_run';
const SAMPLE = 500;

export interface RawInsertFigures {
  inserts: number;
  /** PostgreSQL's CPU per insert, ms. */
  dbCpuMs: number;
}

/** `clients` connections inserting the newest runs again for `seconds`. */
export async function rawInsert(
  url: string,
  database: string,
  clients: number,
  seconds: number,
): Promise<RawInsertFigures> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  const connections = Array.from({ length: clients }, () => new Client({ connectionString: url }));
  try {
    await admin.query(`DROP TABLE IF EXISTS ${TABLE}; CREATE TABLE ${TABLE} (LIKE run INCLUDING DEFAULTS)`);
    const { rows } = await admin.query<{ row: string }>(
      `SELECT to_jsonb(r)::text AS row FROM (SELECT * FROM run ORDER BY created_at DESC LIMIT ${SAMPLE}) r`,
    );
    await Promise.all(connections.map((c) => c.connect()));
    const before = cpuSeconds(backendsOf(database));
    const until = Date.now() + seconds * 1000;
    let inserts = 0;
    await Promise.all(
      connections.map(async (c, k) => {
        for (let i = k; Date.now() < until; i += clients) {
          await c.query(
            `INSERT INTO ${TABLE} SELECT * FROM jsonb_populate_record(NULL::${TABLE}, $1::jsonb)`,
            [rows[i % rows.length]!.row],
          );
          inserts++;
        }
      }),
    );
    const dbCpuMs = ((cpuSeconds(backendsOf(database)) - before) * 1000) / inserts;
    return { inserts, dbCpuMs };
  } finally {
    await Promise.all(connections.map((c) => c.end().catch(() => undefined)));
    await admin.query(`DROP TABLE IF EXISTS ${TABLE}`).catch(() => undefined);
    await admin.end();
  }
}
