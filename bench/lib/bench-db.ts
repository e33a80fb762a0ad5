/**
 * The API bench's own database on the PostgreSQL server: created empty (the API migrates it when
 * it starts), seeded with one large account in a few bulk statements, dropped at the end.
 */
import type { Seq, Step } from '@sweepline/domain';
import { ACTIONS, ActionId, InstrumentId, Role } from '@sweepline/domain';
import { CAL, completeParam } from '@sweepline/domain/src/testing/step-fixtures';
import { Client } from 'pg';
import { recomputeSeq } from '@sweepline/domain';
import { hashToken, newToken } from '@sweepline/testing';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database; one left over from an aborted run is dropped first. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  return databaseUrl(serverUrl, name);
}

/**
 * Sessions ever opened on the database at `url` (pg_stat_database.sessions): how often the API's
 * pool opened connections in between two readings.
 */
export async function sessionsOf(url: string): Promise<number> {
  return onServer(url, async (client) => {
    const { rows } = await client.query<{ sessions: string }>(
      'SELECT sessions FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]!.sessions);
  });
}

/** Whether database `name` exists on the server of `serverUrl`. */
export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  return onServer(serverUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  });
}

/**
 * A copy of database `from` (no one may be connected to it) as `to`, replacing one left over: two
 * builds measured on the same seeded data without seeding twice. FILE_COPY copies the files after
 * a checkpoint, where PostgreSQL 15's default writes every page of a large database to the WAL.
 */
export async function copyDatabase(serverUrl: string, from: string, to: string): Promise<string> {
  await onServer(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${to} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${to} TEMPLATE ${from} STRATEGY FILE_COPY`);
  });
  return databaseUrl(serverUrl, to);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export interface Shape {
  products: number;
  testsPerProduct: number;
  stepsPerTest: number;
}

export interface Seeded {
  accountId: number;
  /** A manager's session token, for x-auth-token. */
  token: string;
  /** The step ids of every test, in test order, each list in step order. */
  stepIds: number[][];
  stepCount: number;
}

/** The network-analyzer actions but Diff, each test's steps cycle through (after two fixed ones). */
const CYCLE = ACTIONS.filter(
  (a) => a.instrumentId === InstrumentId.NetworkAnalyzer && a.id !== ActionId.Diff,
);

/**
 * The steps of one test: an Insertion Loss Max and a Gain Max that later steps refer to, then
 * every network-analyzer action in turn, every fifth a Diff of the first two; complete params
 * (domain step fixtures, calibration CAL), named and checked by the API's own recompute.
 */
function testSteps(ids: readonly number[]): Step[] {
  const [first, second] = ids as [number, number];
  const steps = ids.map((id, i): Step => {
    const actionId =
      i === 0
        ? ActionId.InsertionLossMax
        : i === 1
          ? ActionId.GainMax
          : i % 5 === 0
            ? ActionId.Diff
            : CYCLE[(i - 2) % CYCLE.length]!.id;
    const param = { ...completeParam(actionId) } as Record<string, unknown>;
    if (actionId === ActionId.Diff) Object.assign(param, { stepId1: first, stepId2: second });
    if ('bindStepId' in param) param['bindStepId'] = first;
    return {
      id,
      name: '',
      isDefaultName: i % 7 !== 3,
      instrumentId: InstrumentId.NetworkAnalyzer,
      actionId,
      param: param as unknown as Step['param'],
      isCompleted: false,
      errors: [],
    };
  });
  steps.forEach((step) => {
    if (!step.isDefaultName) step.name = `Custom step ${step.id}`;
  });
  const seq: Seq = {
    id: 0,
    name: '',
    stageNo: 1,
    testNo: 1,
    isCompleted: false,
    steps,
    cals: [CAL],
    createUserName: '',
    createTime: '',
    updateUserName: '',
    updateTime: '',
  };
  return recomputeSeq(seq).steps;
}

/** One account (products × tests × steps) with a signed-in manager, in a few bulk statements. */
export async function seed(url: string, shape: Shape): Promise<Seeded> {
  return onServer(url, async (db) => {
    const who = 'Bench Manager';
    // registered a year ago: a paying account, so the free trial's quotas do not shape the numbers
    const [account] = (
      await db.query(
        `INSERT INTO account (name, is_active, created_at) VALUES ('Bench', true, now() - interval '1 year') RETURNING id`,
      )
    ).rows as { id: number }[];
    const accountId = account!.id;
    const [user] = (
      await db.query(
        `INSERT INTO app_user (account_id, email, name, role, is_active)
         VALUES ($1, 'bench@example.com', $2, $3, true) RETURNING id`,
        [accountId, who, Role.Manager],
      )
    ).rows as { id: number }[];
    const token = newToken();
    await db.query(
      `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [hashToken(token), user!.id],
    );
    await db.query(
      `INSERT INTO product (account_id, name, model, info, create_user_name, update_user_name)
       SELECT $1, 'Product ' || lpad(i::text, 3, '0'), 'M-' || i, 'Bench product ' || i, $2, $2
         FROM generate_series(1, $3) AS i`,
      [accountId, who, shape.products],
    );
    const seqs = (
      await db.query(
        `INSERT INTO seq (account_id, product_id, name, stage_no, test_no, cals, create_user_name, update_user_name)
         SELECT $1, p.id, 'Test ' || t, 1 + (t - 1) / 99, 1 + (t - 1) % 99, $2::jsonb, $3, $3
           FROM product p, generate_series(1, $4) AS t
          WHERE p.account_id = $1
          ORDER BY p.id, t
         RETURNING id`,
        [accountId, JSON.stringify([CAL]), who, shape.testsPerProduct],
      )
    ).rows as { id: number }[];
    const seqIds = seqs.map((s) => s.id).sort((a, b) => a - b);
    const total = seqIds.length * shape.stepsPerTest;
    const ids = (
      await db.query(
        `SELECT nextval(pg_get_serial_sequence('step', 'id'))::int AS id FROM generate_series(1, $1)`,
        [total],
      )
    ).rows.map((r: { id: number }) => r.id);
    const stepIds: number[][] = [];
    const completed: { id: number; done: boolean }[] = [];
    // one statement per batch of tests keeps each parameter a few MB at most
    const BATCH = 50;
    for (let from = 0; from < seqIds.length; from += BATCH) {
      const rows: unknown[] = [];
      for (const seqId of seqIds.slice(from, from + BATCH)) {
        const mine = ids.splice(0, shape.stepsPerTest);
        stepIds.push(mine);
        const steps = testSteps(mine);
        completed.push({ id: seqId, done: steps.every((s) => s.isCompleted) });
        steps.forEach((s, position) =>
          rows.push({
            id: s.id,
            seq_id: seqId,
            position,
            name: s.name,
            is_default_name: s.isDefaultName,
            instrument_id: s.instrumentId,
            action_id: s.actionId,
            param: s.param,
            is_completed: s.isCompleted,
            errors: s.errors,
          }),
        );
      }
      await db.query(
        `INSERT INTO step (id, account_id, seq_id, position, name, is_default_name, instrument_id, action_id,
                           param, is_completed, errors)
         SELECT x.id, $1, x.seq_id, x.position, x.name, x.is_default_name, x.instrument_id, x.action_id,
                x.param, x.is_completed, x.errors
           FROM jsonb_to_recordset($2::jsonb) AS x(id int, seq_id int, position int, name text,
                is_default_name boolean, instrument_id smallint, action_id smallint, param jsonb,
                is_completed boolean, errors jsonb)`,
        [accountId, JSON.stringify(rows)],
      );
    }
    await db.query(
      `UPDATE seq SET is_completed = x.done FROM jsonb_to_recordset($1::jsonb) AS x(id int, done boolean)
        WHERE seq.id = x.id`,
      [JSON.stringify(completed)],
    );
    await db.query('ANALYZE');
    return { accountId, token, stepIds, stepCount: total };
  });
}
