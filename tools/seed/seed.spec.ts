/**
 * The seed against a real database: a fresh one on the PostgreSQL server (DATABASE_URL, else the
 * local server), migrated by starting the built API once on it (tools may not import the API), then
 * seeded with the demo twice. The API stays up to read the demo back over HTTP.
 */
import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { ReleaseDiff, SeqReleases, StepResult, Verdict, WaitingRelease } from '@sweepline/domain';
import type { RunOrigin } from '@sweepline/domain';
import {
  ACTIONS,
  decodeFloat32,
  getAction,
  InstrumentId,
  isPdf,
  runOriginError,
  runUploadError,
} from '@sweepline/domain';
import { SIM_INSTRUMENTS } from '@sweepline/instruments';
import { Client } from 'pg';
import { SeedError } from './connect';
import { parseArgs } from './main';
import type { StepSpec } from './catalogue';
import type { SeedSummary } from './seed';
import { RUN_CALIBRATION_ROWS, RUN_INSTRUMENT_ROWS } from './lab-sql';
import { DEMO_IDENTITY, DEMO_PASSWORD, seed } from './seed';
import type { BuiltApi } from '@sweepline/testing';
import { startBuiltApi } from '@sweepline/testing';
import { CONSISTENCY_CHECKS } from './testing/consistency';

const SERVER = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = `sweepline_seed_test_${process.pid}`;
const EMPTY = `${NAME}_empty`;

function urlOf(name: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: SERVER });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

let api: BuiltApi;
let db: Client;
let first: SeedSummary;
let initial: Awaited<ReturnType<typeof contents>>;
/** One time for every seed here: the runs kept (those ended by now) are then the same each time. */
const NOW = new Date();

async function rowsOf<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)).rows as T[];
}

/** Every row of the account's tables, to compare two seeds (ids and times aside). */
async function contents(accountId: number) {
  return {
    products: await rowsOf(`SELECT name, model FROM product WHERE account_id = $1 ORDER BY name`, [
      accountId,
    ]),
    steps: await rowsOf(`SELECT name, action_id FROM step WHERE account_id = $1 ORDER BY seq_id, position`, [
      accountId,
    ]),
    units: await rowsOf(`SELECT count(*)::int AS n FROM serial_number WHERE account_id = $1`, [accountId]),
    runs: await rowsOf(
      `SELECT result, count(*)::int AS n FROM run WHERE account_id = $1 GROUP BY 1 ORDER BY 1`,
      [accountId],
    ),
    lab: await rowsOf(
      `SELECT (SELECT count(*) FROM instrument WHERE account_id = $1)::int AS instruments,
              (SELECT count(*) FROM instrument_certificate WHERE account_id = $1)::int AS certificates,
              (SELECT count(*) FROM calibration_record WHERE account_id = $1)::int AS calibrations,
              (SELECT count(*) FROM run_origin_set WHERE account_id = $1)::int AS origin_sets,
              (SELECT count(*) FROM (${RUN_INSTRUMENT_ROWS}) ri)::int AS run_instruments,
              (SELECT count(*) FROM (${RUN_CALIBRATION_ROWS}) rc)::int AS run_calibrations`,
      [accountId],
    ),
  };
}

/** A session for a user, stored as the API stores it (a SHA-256 of the token); returns the token. */
async function sessionOf(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
    [createHash('sha256').update(token).digest('hex'), userId],
  );
  return token;
}

beforeAll(async () => {
  await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${NAME}`);
  api = await startBuiltApi({ prefix: 'sweepline-seed-test', databaseUrl: urlOf(NAME), echoErrors: true }); // migrates
  db = new Client({ connectionString: urlOf(NAME) });
  await db.connect();
  // someone else's account, which the seed must leave alone
  await db.query(`INSERT INTO account (name, is_active) VALUES ('Other', true)`);
  await db.query(
    `INSERT INTO app_user (account_id, email, name, role, is_active) SELECT id, 'other@example.com', 'Other', 0, true FROM account WHERE name = 'Other'`,
  );
  await db.query(
    `INSERT INTO product (account_id, name, create_user_name, update_user_name) SELECT id, 'Theirs', 'Other', 'Other' FROM account WHERE name = 'Other'`,
  );
  await db.query(
    `INSERT INTO serial_number (account_id, product_id, sn, created_by_name) SELECT account_id, id, 'THEIRS-1', 'Other' FROM product WHERE name = 'Theirs'`,
  );
  first = await seed(db, NAME, { now: NOW });
  initial = await contents(first.accountId);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
  await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await onServer(`DROP DATABASE IF EXISTS ${EMPTY} WITH (FORCE)`);
}, 60_000); // the API drains for up to 30 s as it stops

describe('the demo seed', () => {
  it('makes the documented users, whose password verifies', async () => {
    const users = await rowsOf<{ email: string; role: number; password_hash: string; is_active: boolean }>(
      `SELECT u.email, u.role, u.password_hash, u.is_active AND a.is_active AS is_active
         FROM app_user u JOIN account a ON a.id = u.account_id WHERE a.id = $1 ORDER BY u.role`,
      [first.accountId],
    );
    expect(users.map((u) => [u.email, u.role, u.is_active])).toEqual(
      DEMO_IDENTITY.users.map((u) => [u.email, u.role, true]),
    );
    for (const user of users) expect(await verify(user.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('uses every action of the catalogue in complete tests over two stages', async () => {
    const actions = await rowsOf<{ action_id: number }>(
      `SELECT DISTINCT action_id FROM step WHERE account_id = $1 ORDER BY 1`,
      [first.accountId],
    );
    expect(actions.map((a) => a.action_id)).toEqual(ACTIONS.map((a) => a.id).sort((a, b) => a - b));
    const seqs = await rowsOf<{ done: boolean; stages: number[] }>(
      `SELECT bool_and(s.is_completed AND NOT EXISTS (SELECT 1 FROM step WHERE seq_id = s.id AND NOT is_completed)) AS done,
              array_agg(DISTINCT stage_no ORDER BY stage_no) AS stages
         FROM seq s WHERE account_id = $1`,
      [first.accountId],
    );
    expect(seqs[0]).toEqual({ done: true, stages: [1, 2] });
  });

  it('makes months of runs with realistic results', async () => {
    const [r] = await rowsOf<Record<string, number>>(
      `SELECT count(*)::int AS runs, (max(start_time)::date - min(start_time)::date) AS days,
              avg((result = 1)::int) FILTER (WHERE is_first AND result >= 0)::float8 AS first_pass,
              avg((result = -1)::int)::float8 AS aborted, count(DISTINCT serial_number_id)::int AS units
         FROM run WHERE account_id = $1`,
      [first.accountId],
    );
    expect(r!['runs']).toBeGreaterThan(5000);
    expect(r!['days']).toBeGreaterThanOrEqual(110);
    expect(r!['first_pass']).toBeGreaterThan(0.88);
    expect(r!['first_pass']).toBeLessThan(0.96);
    expect(r!['aborted']).toBeGreaterThan(0.005);
    expect(r!['aborted']).toBeLessThan(0.05);
    expect(r!['units']).toBeGreaterThan(2000);
  });

  it('keeps stage histories, run numbers and first runs as the upload would', async () => {
    for (const [what, sql] of Object.entries(CONSISTENCY_CHECKS)) {
      const [row] = await rowsOf<{ n: number }>(sql, [first.accountId]);
      expect([what, row!.n]).toEqual([what, 0]);
    }
  });

  it("leaves the API's tested-units roll-up as its trigger keeps it", async () => {
    const [table] = await rowsOf<{ name: string | null }>(
      `SELECT to_regclass('public.run_unit_day')::text AS name`,
    );
    if (!table!.name) return; // an API without the roll-up
    const [r] = await rowsOf<{ missing: number; extra: number }>(
      `WITH expected AS (
         SELECT product_id, (start_time AT TIME ZONE 'UTC')::date AS day, serial_number_id,
                min(start_time) AS first_start, max(start_time) AS last_start
           FROM run WHERE account_id = $1 GROUP BY 1, 2, 3),
       actual AS (
         SELECT product_id, day, serial_number_id, first_start, last_start FROM run_unit_day WHERE account_id = $1)
       SELECT (SELECT count(*) FROM (SELECT * FROM expected EXCEPT SELECT * FROM actual) x)::int AS missing,
              (SELECT count(*) FROM (SELECT * FROM actual EXCEPT SELECT * FROM expected) y)::int AS extra`,
      [first.accountId],
    );
    expect(r).toEqual({ missing: 0, extra: 0 });
  });

  it("leaves the API's failure roll-up as its trigger keeps it: each failed or aborted run's failing titles", async () => {
    const [table] = await rowsOf<{ name: string | null }>(
      `SELECT to_regclass('public.run_failure')::text AS name`,
    );
    if (!table!.name) return; // an API without the roll-up
    const [r] = await rowsOf<{ missing: number; extra: number; runs: number }>(
      `WITH expected AS (
         SELECT seq_id, start_time, id AS run_id, result = -1 AS aborted,
                ARRAY(SELECT x.e->>'title' FROM jsonb_array_elements(steps) WITH ORDINALITY AS x(e, i)
                       WHERE x.e->>'isHeader' = 'false' AND x.e->>'result' = '0' ORDER BY x.i) AS steps
           FROM run WHERE account_id = $1 AND result <> 1),
       actual AS (SELECT seq_id, start_time, run_id, aborted, steps FROM run_failure WHERE account_id = $1)
       SELECT (SELECT count(*) FROM (SELECT * FROM expected EXCEPT SELECT * FROM actual) x)::int AS missing,
              (SELECT count(*) FROM (SELECT * FROM actual EXCEPT SELECT * FROM expected) y)::int AS extra,
              (SELECT count(*) FROM actual)::int AS runs`,
      [first.accountId],
    );
    expect(r).toMatchObject({ missing: 0, extra: 0 });
    expect(r!.runs).toBeGreaterThan(0);
  });

  it('keeps every passing row of a drawn value inside its limits', async () => {
    const [r] = await rowsOf<{ n: number }>(
      `SELECT count(*)::int AS n
         FROM run, jsonb_array_elements(steps) e
        WHERE account_id = $1 AND e->>'result' = '1' AND jsonb_typeof(e->'value') = 'number'
          AND ((jsonb_typeof(e->'lower') = 'number' AND (e->>'value')::float8 < (e->>'lower')::float8)
            OR (jsonb_typeof(e->'upper') = 'number' AND (e->>'value')::float8 > (e->>'upper')::float8))`,
      [first.accountId],
    );
    expect(r!.n).toBe(0);
  });

  it('shows the measurement patterns of docs/seed.md: spread, drift, shift and a Pareto head', async () => {
    const title = (product: string, test: string, has: (p: NonNullable<StepSpec['pattern']>) => boolean) => {
      const t = first.products.find((p) => p.spec.name === product)!.tests.find((x) => x.spec.name === test)!;
      const i = t.spec.steps.findIndex((s) => s.pattern && has(s.pattern));
      return { seqId: t.id, title: (t.steps[i]!.param as { title: string }).title };
    };
    const meanOf = async (step: { seqId: number; title: string }, from: string, to: string) => {
      const [r] = await rowsOf<{ mean: number; sd: number; distinct: number }>(
        `SELECT avg(v)::float8 AS mean, stddev_samp(v)::float8 AS sd, count(DISTINCT v)::int AS distinct
           FROM (SELECT (jsonb_path_query_first(steps, '$[*] ? (@.title == $t)', jsonb_build_object('t', $2::text))->>'value')::float8 AS v
                   FROM run WHERE account_id = $1 AND seq_id = $3 AND result = 1
                    AND start_time >= now() - $4::interval AND start_time < now() - $5::interval) x`,
        [first.accountId, step.title, step.seqId, from, to],
      );
      return r!;
    };
    const drift = title('BPF-600', 'Pass band', (p) => p.drift !== undefined);
    const early = await meanOf(drift, '120 days', '100 days');
    const late = await meanOf(drift, '20 days', '0 days');
    expect(late.mean - early.mean).toBeGreaterThan(1);
    expect(early.distinct).toBeGreaterThan(50);
    expect(early.sd).toBeGreaterThan(0.4);
    const shift = title('DC-20', 'Coupling', (p) => p.shift !== undefined);
    const before = await meanOf(shift, '45 days', '16 days');
    const after = await meanOf(shift, '13 days', '0 days');
    expect(after.mean - before.mean).toBeGreaterThan(0.15);
    const failing = await rowsOf<{ seq_id: number; share: number }>(
      `SELECT seq_id, (sum(n) FILTER (WHERE rank <= 2) / sum(n))::float8 AS share
         FROM (SELECT seq_id, n, row_number() OVER (PARTITION BY seq_id ORDER BY n DESC) AS rank
                 FROM (SELECT seq_id, jsonb_path_query_first(steps, '$[*] ? (@.result == 0 && @.isHeader == false)')->>'title' AS t,
                              count(*) AS n
                         FROM run WHERE account_id = $1 AND result = 0 GROUP BY 1, 2) x) y
        GROUP BY seq_id HAVING sum(n) > 50`,
      [first.accountId],
    );
    expect(failing.length).toBeGreaterThan(3);
    for (const test of failing) expect(test.share).toBeGreaterThan(0.5);
  });

  it("draws the tour's SPC step as the simulators' units measure it, and fails no run at it on the last day", async () => {
    const test = first.products
      .find((p) => p.spec.name === 'BPF-600')!
      .tests.find((t) => t.spec.name === 'Pass band')!;
    const i = test.spec.steps.findIndex((s) => s.steadyToday);
    const { nominal, spread } = test.spec.steps[i]!;
    const title = (test.steps[i]!.param as { title: string }).title;
    // the simulators' good units measure 0.6-0.75 dB (docs/cli.md's tour), the seed drew 0.9 before
    expect(nominal).toBeGreaterThan(0.6);
    expect(nominal).toBeLessThan(0.7);
    expect(spread).toBeGreaterThan(0.03);
    expect(spread).toBeLessThan(0.05);
    const [drawn] = await rowsOf<{ mean: number; sd: number }>(
      `SELECT avg(v)::float8 AS mean, stddev_samp(v)::float8 AS sd
         FROM (SELECT (jsonb_path_query_first(steps, '$[*] ? (@.title == $t)', jsonb_build_object('t', $2::text))->>'value')::float8 AS v
                 FROM run WHERE account_id = $1 AND seq_id = $3 AND result = 1) x`,
      [first.accountId, title, test.id],
    );
    expect(Math.abs(drawn!.mean - nominal!)).toBeLessThan(0.01);
    expect(Math.abs(drawn!.sd - spread!)).toBeLessThan(0.01);
    const failedAt = await rowsOf<{ today: boolean; n: number }>(
      `SELECT start_time >= date_trunc('day', $4::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS today, count(*)::int AS n
         FROM run WHERE account_id = $1 AND seq_id = $3 AND result = 0
          AND jsonb_path_exists(steps, '$[*] ? (@.title == $t && @.result == 0)', jsonb_build_object('t', $2::text))
        GROUP BY 1 ORDER BY 1`,
      [first.accountId, title, test.id, NOW],
    );
    // it still fails on the other days (the Pareto's head), never on the last one
    expect(failedAt).toEqual([{ today: false, n: expect.any(Number) }]);
    expect(failedAt[0]!.n).toBeGreaterThan(50);
  });

  it('stores step results that the upload check accepts', async () => {
    const runs = await rowsOf<{ seq_id: number; result: Verdict; steps: StepResult[] }>(
      `SELECT DISTINCT ON (seq_id, result) seq_id, result, steps FROM run WHERE account_id = $1`,
      [first.accountId],
    );
    expect(runs.length).toBeGreaterThanOrEqual(9 * 3);
    const now = Date.now();
    for (const run of runs) {
      const upload = {
        client_run_id: 'x',
        seq_id: run.seq_id,
        seq_version: 1,
        sn: 'A-1',
        start_time: new Date(now - 60_000).toISOString(),
        end_time: new Date(now).toISOString(),
        result: run.result,
        steps: run.steps,
      };
      expect(runUploadError(upload, now)).toBeUndefined();
    }
  });

  it("stores a failing unit's insertion-loss trace as the runner does: |S21|, below the −1.2 dB line (issue 38)", async () => {
    const [failing] = await rowsOf<{ vals: Buffer; row: StepResult }>(
      `SELECT t.vals, r.steps->t.step_index AS row
         FROM run_trace t JOIN run r ON r.id = t.run_id
        WHERE r.account_id = $1 AND r.steps->t.step_index->>'title' = $2
          AND (r.steps->t.step_index->>'result')::int = 0
        LIMIT 1`,
      [first.accountId, 'Insertion Loss Max - S21 (500 - 700 MHz)'],
    );
    expect(failing!.row).toMatchObject({ upper: 1.2, result: 0 });
    const s21 = decodeFloat32(failing!.vals);
    // the loss the row reports is the trace's deepest point, in the analyzer's sign
    expect(Math.min(...s21)).toBeCloseTo(-(failing!.row.value as number), 4);
    expect(Math.min(...s21)).toBeLessThan(-1.2);
    expect(Math.max(...s21)).toBeLessThan(0);
  });

  it('attaches simulated instrument screenshots to the report-marked steps of a few runs, served by the API', async () => {
    const shots = await rowsOf<{
      run_id: string;
      id: string;
      result: number;
      traced: boolean;
      content_type: string;
      size: number;
      manager: number;
    }>(
      `SELECT a.run_id, a.id, r.result, a.content_type, a.size,
              EXISTS (SELECT 1 FROM run_trace t WHERE t.run_id = a.run_id AND t.step_index = a.step_index) AS traced,
              (SELECT id FROM app_user WHERE account_id = $1 AND role = 0) AS manager
         FROM attachment a JOIN run r ON r.id = a.run_id WHERE a.account_id = $1 ORDER BY a.id`,
      [first.accountId],
    );
    // BPF-600's pass band and CA-300's RF check, three runs each
    expect(first.screenshots).toBe(6);
    expect(shots).toHaveLength(6);
    for (const shot of shots)
      expect(shot).toMatchObject({ result: 1, traced: true, content_type: 'image/png' });
    const token = await sessionOf(shots[0]!.manager);
    const res = await fetch(`${api.baseUrl}/runs/${shots[0]!.run_id}/attachments/${shots[0]!.id}`, {
      headers: { 'x-auth-token': token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png).toHaveLength(shots[0]!.size);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  describe('release history (issue 39)', () => {
    /** Each test's draft as the release content the API takes of it (the migration's SQL). */
    const DRAFTS = `
      SELECT s.id AS seq_id, s.name, s.version, jsonb_build_object(
               'steps', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                           'id', st.id, 'name', st.name, 'isDefaultName', st.is_default_name,
                           'instrumentId', st.instrument_id, 'actionId', st.action_id, 'param', st.param,
                           'isCompleted', st.is_completed, 'errors', st.errors) ORDER BY st.position), '[]')
                           FROM step st WHERE st.seq_id = s.id),
               'cals', s.cals) AS content
        FROM seq s WHERE s.account_id = $1`;

    it('puts the demo account under release control with approval', async () => {
      const [account] = await rowsOf(`SELECT release_control, release_approval FROM account WHERE id = $1`, [
        first.accountId,
      ]);
      expect(account).toEqual({ release_control: true, release_approval: true });
    });

    it("releases every test a month ago (the editor's release, the manager's approval), ending at its draft", async () => {
      const tests = await rowsOf<{
        name: string;
        firsts: { kind: string; state: string; by: string; approver: string; note: string; days: number }[];
        released_is_draft: boolean;
        newest_is_draft: boolean;
        newest_state: string;
      }>(
        `WITH d AS (${DRAFTS}),
         r AS (SELECT *, row_number() OVER (PARTITION BY seq_id ORDER BY no DESC) AS from_newest,
                      row_number() OVER (PARTITION BY seq_id, state ORDER BY no DESC) AS from_newest_in_state
                 FROM seq_release WHERE account_id = $1)
         SELECT d.name,
                (SELECT jsonb_agg(jsonb_build_object('kind', kind, 'state', state, 'by', created_by_name,
                        'approver', decided_by_name, 'note', note,
                        'days', round(extract(epoch FROM now() - created_at) / 86400)))
                   FROM r WHERE r.seq_id = d.seq_id AND r.no = 1) AS firsts,
                (SELECT content = d.content FROM r WHERE r.seq_id = d.seq_id AND state = 'released'
                    AND from_newest_in_state = 1) AS released_is_draft,
                (SELECT content = d.content FROM r WHERE r.seq_id = d.seq_id AND from_newest = 1) AS newest_is_draft,
                (SELECT state FROM r WHERE r.seq_id = d.seq_id AND from_newest = 1) AS newest_state
           FROM d ORDER BY d.name`,
        [first.accountId],
      );
      expect(tests).toHaveLength(9);
      for (const test of tests) {
        expect(test.firsts).toEqual([
          {
            kind: 'explicit',
            state: 'released',
            by: 'Eli Editor',
            approver: 'Dana Demo',
            note: 'First release for production',
            days: expect.any(Number),
          },
        ]);
        expect(Math.abs(test.firsts[0]!.days - 30)).toBeLessThanOrEqual(1);
        expect(test).toMatchObject({
          newest_is_draft: true,
          released_is_draft: test.name !== 'Final inspection',
          newest_state: test.name === 'Final inspection' ? 'waiting' : 'released',
        });
      }
      const more = await rowsOf<{ n: number }>(
        `SELECT count(DISTINCT seq_id)::int AS n FROM seq_release WHERE account_id = $1 AND no > 1`,
        [first.accountId],
      );
      expect(more[0]!.n).toBeGreaterThanOrEqual(3);
    });

    it('has one rollback, to an older release and its content, and one release waiting since yesterday', async () => {
      const rollbacks = await rowsOf<{ no: number; rolled_back_from: number; same: boolean; note: string }>(
        `SELECT r.no, r.rolled_back_from, r.content = o.content AS same, r.note
           FROM seq_release r JOIN seq_release o ON o.seq_id = r.seq_id AND o.no = r.rolled_back_from
          WHERE r.account_id = $1 AND r.kind = 'rollback'`,
        [first.accountId],
      );
      expect(rollbacks).toEqual([
        { no: 3, rolled_back_from: 1, same: true, note: expect.stringMatching(/^Back to release 1/) },
      ]);
      const waiting = await rowsOf<{ by: string; decided: boolean; hours: number }>(
        `SELECT created_by_name AS by, decided_at IS NOT NULL OR decided_by_name IS NOT NULL AS decided,
                extract(epoch FROM now() - created_at)::float8 / 3600 AS hours
           FROM seq_release WHERE account_id = $1 AND state = 'waiting'`,
        [first.accountId],
      );
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ by: 'Eli Editor', decided: false });
      expect(waiting[0]!.hours).toBeGreaterThan(0);
      expect(waiting[0]!.hours).toBeLessThan(48);
    });

    it('names in each run the release runnable at its start (none before the first), and its version', async () => {
      const [r] = await rowsOf<{ wrong: number; before: number; named: number }>(
        `WITH runnable AS (
           SELECT run.id, run.release_no, run.seq_version,
                  (SELECT x.no FROM seq_release x
                    WHERE x.seq_id = run.seq_id AND x.state = 'released' AND x.decided_at <= run.start_time
                    ORDER BY x.decided_at DESC LIMIT 1) AS expected,
                  (SELECT x.seq_version FROM seq_release x WHERE x.seq_id = run.seq_id AND x.no = run.release_no) AS version
             FROM run WHERE account_id = $1)
         SELECT count(*) FILTER (WHERE release_no IS DISTINCT FROM expected
                                    OR seq_version <> coalesce(version, 1))::int AS wrong,
                count(*) FILTER (WHERE release_no IS NULL)::int AS before,
                count(*) FILTER (WHERE release_no IS NOT NULL)::int AS named
           FROM runnable`,
        [first.accountId],
      );
      expect(r!.wrong).toBe(0);
      expect(r!.before).toBeGreaterThan(1000);
      expect(r!.named).toBeGreaterThan(1000);
    });

    it('is read by the API: drafts equal to their releases, a diff that shows the limit, the waiting release listed', async () => {
      const [manager] = await rowsOf<{ id: number }>(
        `SELECT id FROM app_user WHERE account_id = $1 AND role = 0`,
        [first.accountId],
      );
      const token = await sessionOf(manager!.id);
      const get = async <T>(path: string) => {
        const res = await fetch(`${api.baseUrl}${path}`, { headers: { 'x-auth-token': token } });
        expect([path, res.status]).toEqual([path, 200]);
        return ((await res.json()) as { data: T }).data;
      };
      const tests = first.products.flatMap((p) => p.tests);
      for (const test of tests) {
        const releases = await get<SeqReleases>(`/seq/${test.id}/releases`);
        // the newest release is the draft, the waiting one included; the runner runs the approved one
        const runs = test.spec.name === 'Final inspection' ? 1 : releases.releases[0]!.no;
        expect([test.spec.name, releases.draftDiffers, releases.runnableNo]).toEqual([
          test.spec.name,
          false,
          runs,
        ]);
      }
      const stopBand = tests.find((t) => t.spec.name === 'Stop band')!;
      const diff = await get<ReleaseDiff>(`/seq/${stopBand.id}/diff?from=1&to=2`);
      expect(diff.steps).toEqual([
        expect.objectContaining({
          change: 'changed',
          changes: [expect.objectContaining({ key: 'lower', from: 38, to: 35, isLimit: true })],
        }),
      ]);
      const waiting = await get<WaitingRelease[]>('/releases/waiting');
      expect(waiting.map((w) => [w.productName, w.seqName, w.no, w.createdBy])).toEqual([
        ['BPF-600', 'Final inspection', 2, 'Eli Editor'],
      ]);
    });

    it("writes the history into the demo's audit trail, a chain the API verifies (History shows it)", async () => {
      const rows = await rowsOf<{ thing: string; action: string; user_name: string; n: number }>(
        `SELECT thing, action, user_name, count(*)::int AS n FROM audit_event WHERE account_id = $1
          GROUP BY 1, 2, 3 ORDER BY 1, 2`,
        [first.accountId],
      );
      expect(rows).toEqual([
        { thing: 'account', action: 'update', user_name: 'Dana Demo', n: 1 },
        { thing: 'release', action: 'approve', user_name: 'Dana Demo', n: 13 },
        { thing: 'release', action: 'release', user_name: 'Eli Editor', n: 13 },
        { thing: 'release', action: 'rollback', user_name: 'Eli Editor', n: 1 },
      ]);
      const manager = await rowsOf<{ id: number }>(
        `SELECT id FROM app_user WHERE account_id = $1 AND role = 0`,
        [first.accountId],
      );
      const res = await fetch(`${api.baseUrl}/audit/verify`, {
        headers: { 'x-auth-token': await sessionOf(manager[0]!.id) },
      });
      expect(((await res.json()) as { data: unknown }).data).toEqual({ ok: true, rows: 28, firstBad: null });
      const history = await rowsOf<{ at: Date; seq_id: number | null; release: string | null }>(
        `SELECT e.at, e.seq_id, r.note AS release FROM audit_event e
           LEFT JOIN seq_release r ON r.id::text = e.thing_id AND e.thing = 'release'
          WHERE e.account_id = $1 ORDER BY e.id`,
        [first.accountId],
      );
      const times = history.map((h) => h.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(history.slice(1).every((h) => h.seq_id !== null && h.release !== null)).toBe(true);
    });

    it('stores in each run the limits of the content it ran', async () => {
      const limits = await rowsOf<{
        test: string;
        release_no: number | null;
        lower: number;
        upper: number;
        n: number;
      }>(
        `SELECT s.name AS test, r.release_no, (e->>'lower')::float8 AS lower, (e->>'upper')::float8 AS upper,
                count(*)::int AS n
           FROM run r JOIN seq s ON s.id = r.seq_id, jsonb_array_elements(r.steps) e
          WHERE r.account_id = $1 AND e->>'title' IN ('Tuning screw torque', 'Attenuation - S21 (800 - 1000 MHz)')
          GROUP BY 1, 2, 3, 4 ORDER BY 1, 2 NULLS FIRST`,
        [first.accountId],
      );
      expect(limits.map(({ n, ...rest }) => [rest, n > 0])).toEqual([
        [{ test: 'Final inspection', release_no: null, lower: 0.9, upper: 1.1 }, true],
        [{ test: 'Final inspection', release_no: 1, lower: 0.9, upper: 1.1 }, true],
        [{ test: 'Stop band', release_no: null, lower: 38, upper: null }, true],
        [{ test: 'Stop band', release_no: 1, lower: 38, upper: null }, true],
        [{ test: 'Stop band', release_no: 2, lower: 35, upper: null }, true],
      ]);
    });
  });

  describe('the lab: instruments, certificates, calibrations (issue 40)', () => {
    /** The instruments (ri) of an origin set (s); OF_RUN: the set of run r (migration 1763860300000). */
    const RI_OF_SET = `run_origin_set s
      CROSS JOIN LATERAL unnest(s.instrument_ids, s.instrument_roles, s.instrument_due_ons) AS ri(instrument_id, role, due_on)`;
    const OF_RUN = `s.account_id = r.account_id AND s.id = r.origin_set_id`;
    /** The state at the run, as the API derives it (calibrationState on the run's UTC day). */
    const STATE_AT_RUN = `CASE WHEN ri.due_on IS NULL THEN 'unknown'
      WHEN ri.due_on < (r.start_time AT TIME ZONE 'UTC')::date THEN 'overdue'
      WHEN ri.due_on - (r.start_time AT TIME ZONE 'UTC')::date <= 30 THEN 'due' ELSE 'valid' END`;
    const day = (days: number) =>
      new Date(Math.floor(NOW.getTime() / 86_400_000) * 86_400_000 + days * 86_400_000)
        .toISOString()
        .slice(0, 10);

    it("registers the simulators' instruments, one due within 30 days and one overdue, on three stations", async () => {
      const rows = await rowsOf<Record<string, string>>(
        `SELECT i.role, i.vendor, i.model, i.serial, i.firmware, i.last_station,
                (SELECT max(due_on)::text FROM instrument_certificate c
                  WHERE c.account_id = i.account_id AND c.instrument_id = i.id AND c.calibrated_on <= $2::date) AS due_on
           FROM instrument i WHERE i.account_id = $1 ORDER BY i.last_station, i.role`,
        [first.accountId, day(0)],
      );
      const { ena, pim, pna, znb } = SIM_INSTRUMENTS;
      expect(rows).toEqual([
        { ...ena, last_station: 'LAB-PC-01', due_on: day(305) },
        { ...pim, last_station: 'LAB-PC-01', due_on: day(265) },
        { ...pna, last_station: 'LAB-PC-02', due_on: day(20) },
        { ...znb, last_station: 'LAB-PC-03', due_on: day(-10) },
      ]);
      const pdfs = await rowsOf<{ pdf: Buffer; n: number }>(
        `SELECT pdf, count(*) OVER ()::int AS n FROM instrument_certificate WHERE account_id = $1`,
        [first.accountId],
      );
      expect(pdfs[0]!.n).toBe(8);
      for (const { pdf } of pdfs) expect(isPdf(pdf)).toBe(true);
    });

    it('names in every run its station, runner, instruments and calibration, none overdue at its start', async () => {
      // a test with steps on an analyzer names it in every run; one of prompts and questions none
      const steps = await rowsOf<{ seq_id: number; action_id: number }>(
        `SELECT DISTINCT seq_id, action_id FROM step WHERE account_id = $1`,
        [first.accountId],
      );
      const measured = [
        ...new Set(
          steps
            .filter((s) => getAction(s.action_id).instrumentId !== InstrumentId.Common)
            .map((s) => s.seq_id),
        ),
      ];
      expect(measured.length).toBeGreaterThanOrEqual(6);
      const [r] = await rowsOf<Record<string, number>>(
        `SELECT count(*) FILTER (WHERE r.station IS NULL OR r.runner_version IS NULL)::int AS unnamed,
                count(*) FILTER (WHERE (r.seq_id = ANY($3)) <> EXISTS (SELECT 1 FROM ${RI_OF_SET} WHERE ${OF_RUN}))::int AS no_instrument,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ${RI_OF_SET} WHERE ${OF_RUN}
                                                AND ${STATE_AT_RUN} = 'overdue'))::int AS overdue,
                count(*) FILTER (WHERE r.station = 'LAB-PC-03' AND r.start_time >= $2::date - 9)::int AS retired,
                count(DISTINCT r.station)::int AS stations
           FROM run r WHERE r.account_id = $1`,
        [first.accountId, day(0), measured],
      );
      expect(r).toEqual({ unnamed: 0, no_instrument: 0, overdue: 0, retired: 0, stations: 3 });
      // the runs share their origin sets, each content stored once (migration 1763860300000)
      const [shared] = await rowsOf<{ sets: number; contents: number; runs: number }>(
        `SELECT count(*)::int AS sets,
                count(DISTINCT (instrument_ids, instrument_roles, instrument_due_ons, calibration_ids,
                                calibration_steps::text))::int AS contents,
                (SELECT count(*) FROM run WHERE account_id = $1 AND origin_set_id IS NOT NULL)::int AS runs
           FROM run_origin_set WHERE account_id = $1`,
        [first.accountId],
      );
      expect(shared!.sets).toBe(shared!.contents);
      expect(shared!.sets).toBeLessThan(shared!.runs / 2);
      const states = await rowsOf<{ state: string }>(
        `SELECT DISTINCT ${STATE_AT_RUN} AS state FROM run r JOIN ${RI_OF_SET} ON ${OF_RUN}
          WHERE r.account_id = $1 ORDER BY 1`,
        [first.accountId],
      );
      expect(states.map((s) => s.state)).toEqual(['due', 'valid']);
      // the due date in force at the run, by the API's rule (certificate-in-force.sql.ts)
      const [mismatched] = await rowsOf<{ n: number }>(
        `SELECT count(*)::int AS n FROM (${RUN_INSTRUMENT_ROWS}) ri
          WHERE ri.due_on IS DISTINCT FROM (
                SELECT max(c.due_on) FROM instrument_certificate c
                 WHERE c.account_id = $1 AND c.instrument_id = ri.instrument_id
                   AND c.calibrated_on <= (ri.start_time AT TIME ZONE 'UTC')::date)`,
        [first.accountId],
      );
      expect(mismatched!.n).toBe(0);
    });

    it("names per run the calibration of its station's analyzer, made before it, for the rows the analyzer measured", async () => {
      const [r] = await rowsOf<Record<string, number>>(
        `SELECT count(*)::int AS n,
                count(*) FILTER (WHERE c.made_at > rc.start_time OR c.made_at < rc.start_time - interval '1 day')::int AS untimely,
                count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM (${RUN_INSTRUMENT_ROWS}) ri
                                                    WHERE ri.account_id = rc.account_id AND ri.instrument_id = c.instrument_id
                                                      AND ri.start_time = rc.start_time AND ri.run_id = rc.run_id))::int AS elsewhere,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM unnest(rc.step_indices) i
                                                WHERE i >= jsonb_array_length(r.steps)
                                                   OR (r.steps->i->>'isHeader')::boolean))::int AS bad_rows,
                count(DISTINCT c.kind)::int AS kinds
           FROM (${RUN_CALIBRATION_ROWS}) rc
           JOIN calibration_record c ON c.id = rc.calibration_id AND c.account_id = rc.account_id
           JOIN run r ON r.id = rc.run_id AND r.start_time = rc.start_time
          WHERE rc.account_id = $1`,
        [first.accountId],
      );
      expect(r!['n']).toBeGreaterThan(5000);
      expect(r).toMatchObject({ untimely: 0, elsewhere: 0, bad_rows: 0, kinds: 2 });
    });

    it('stores origins that the upload check accepts', async () => {
      const runs = await rowsOf<{ steps: StepResult[]; start_time: Date; origin: RunOrigin }>(
        `SELECT r.steps, r.start_time,
                json_build_object(
                  'station', r.station, 'runner_version', r.runner_version,
                  'instruments', coalesce((SELECT json_agg(json_build_object('role', i.role, 'vendor', i.vendor,
                                                     'model', i.model, 'serial', i.serial, 'firmware', i.firmware)
                                                     ORDER BY i.role)
                                    FROM ${RI_OF_SET} JOIN instrument i ON i.id = ri.instrument_id WHERE ${OF_RUN}), '[]'),
                  'calibrations', coalesce((SELECT json_agg(jsonb_build_object(
                      'key', c.client_key, 'step_indices', s.calibration_steps -> (k.n::int - 1), 'instrument', 0, 'kind', c.kind,
                      'ports', c.ports, 'start_MHz', c.start_mhz, 'stop_MHz', c.stop_mhz, 'made_at', c.made_at,
                      'made_by', c.made_by) || CASE WHEN c.ecal_serial IS NULL THEN '{}'::jsonb
                                                    ELSE jsonb_build_object('ecal_serial', c.ecal_serial) END)
                    FROM run_origin_set s CROSS JOIN LATERAL unnest(s.calibration_ids) WITH ORDINALITY AS k(id, n)
                    JOIN calibration_record c ON c.id = k.id
                   WHERE ${OF_RUN}), '[]')
                ) AS origin
           -- each test's and station's latest run first, then their origins: built for every run
           -- before the DISTINCT, they took over 5 s on a loaded two-core machine
           FROM (SELECT DISTINCT ON (seq_id, station) * FROM run WHERE account_id = $1
                  ORDER BY seq_id, station, start_time DESC) r`,
        [first.accountId],
      );
      expect(runs.length).toBeGreaterThan(9);
      for (const run of runs) {
        // (the network analyzer comes first by role, as the calibration's instrument index says)
        const upload = { ...run.origin, start_time: run.start_time.toISOString() };
        expect(runOriginError(upload, run.steps.length)).toBeUndefined();
      }
    });
  });

  it('is read by the API: a jumped unit takes a new run', async () => {
    const [unit] = await rowsOf<{ sn: string; product_id: number; user_id: number }>(
      `SELECT s.sn, s.product_id, (SELECT id FROM app_user WHERE account_id = $1 AND role = 2) AS user_id
         FROM serial_number s JOIN sn_stage_history h ON h.id = s.current_history_id
        WHERE s.account_id = $1 AND h.reason = 'jump' LIMIT 1`,
      [first.accountId],
    );
    const token = await sessionOf(unit!.user_id);
    const get = async (path: string) =>
      (await fetch(`${api.baseUrl}${path}`, { headers: { 'x-auth-token': token } })).json();
    const state = (await get(`/runner/sn?sn=${unit!.sn}&product_id=${unit!.product_id}`)) as {
      data: { stageNo: number; pending: { id: number; version: number; nextRunNo: number }[] };
    };
    expect(state.data.stageNo).toBe(1);
    const test = state.data.pending[0]!;
    expect(test.nextRunNo).toBe(1);
    const [passing] = await rowsOf<{ steps: StepResult[] }>(
      `SELECT steps FROM run WHERE seq_id = $1 AND result = 1 LIMIT 1`,
      [test.id],
    );
    const res = await fetch(`${api.baseUrl}/runner/runs`, {
      method: 'POST',
      headers: { 'x-auth-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_run_id: `seed-test-${process.pid}`,
        seq_id: test.id,
        seq_version: test.version,
        sn: unit!.sn,
        start_time: new Date(Date.now() - 90_000).toISOString(),
        end_time: new Date().toISOString(),
        result: 1,
        steps: passing!.steps,
      }),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: { run_no: number } }).data.run_no).toBe(1);
    const results = (await get(`/report/sn?sn=${unit!.sn}&is_all=1&product_id=${unit!.product_id}`)) as {
      data: { reports: unknown[] };
    };
    expect(results.data.reports.length).toBeGreaterThan(1);
  });

  it('replaces only its own account when run again', async () => {
    const again = await seed(db, NAME, { now: NOW });
    expect(again.accountId).not.toBe(first.accountId);
    expect(await contents(again.accountId)).toEqual(initial);
    const accounts = await rowsOf<{ name: string }>(`SELECT name FROM account ORDER BY name`);
    expect(accounts.map((a) => a.name)).toEqual(['Other', 'Sweepline Demo']);
    const orphans = await rowsOf<{ n: number }>(
      `SELECT (SELECT count(*) FROM run WHERE account_id <> $1)::int
            + (SELECT count(*) FROM sn_stage_history WHERE account_id <> $1)::int
            + (SELECT count(*) FROM serial_number WHERE account_id <> $1 AND sn <> 'THEIRS-1')::int
            + (SELECT count(*) FROM app_user WHERE account_id <> $1 AND email <> 'other@example.com')::int
            + (SELECT count(*) FROM instrument WHERE account_id <> $1)::int
            + (SELECT count(*) FROM calibration_record WHERE account_id <> $1)::int
            + (SELECT count(*) FROM run_origin_set WHERE account_id <> $1)::int AS n`,
      [again.accountId],
    );
    expect(orphans[0]!.n).toBe(0);
    expect(await rowsOf(`SELECT sn FROM serial_number WHERE account_id <> $1`, [again.accountId])).toEqual([
      { sn: 'THEIRS-1' },
    ]);
    first = again;
  }, 180_000); // a second demo seed: 47 s on a two-core machine at load 6 (20-30 s before the day roll-ups, issue 41)

  it('refuses an e-mail of the demo that belongs to another account', async () => {
    await db.query(
      `UPDATE app_user SET email = 'editor-old@sweepline.local' WHERE email = 'editor@sweepline.local'`,
    );
    await db.query(`UPDATE app_user SET email = 'editor@sweepline.local' WHERE email = 'other@example.com'`);
    try {
      await expect(seed(db, NAME)).rejects.toThrow(
        new SeedError(
          "editor@sweepline.local belongs to the account Other, not to the seed's account Sweepline Demo: the seed changes no other account.",
        ),
      );
      expect((await contents(first.accountId)).units).toEqual([{ n: first.units }]);
    } finally {
      await db.query(
        `UPDATE app_user SET email = 'other@example.com' WHERE email = 'editor@sweepline.local'`,
      );
    }
  });

  it('refuses a database the API has not migrated', async () => {
    await onServer(`DROP DATABASE IF EXISTS ${EMPTY} WITH (FORCE)`);
    await onServer(`CREATE DATABASE ${EMPTY}`);
    const empty = new Client({ connectionString: urlOf(EMPTY) });
    await empty.connect();
    try {
      await expect(seed(empty, 'the test database')).rejects.toThrow(
        /start the API once on it \(npm start\)/,
      );
    } finally {
      await empty.end();
    }
  });
});

describe('the scale seed', () => {
  it('makes exactly the runs asked for, of 20 step results, as the upload would', async () => {
    const scale = await seed(db, NAME, { runs: 3000, days: 10, now: NOW });
    const [r] = await rowsOf<{ runs: number; steps: number[]; days: number }>(
      `SELECT count(*)::int AS runs, array_agg(DISTINCT jsonb_array_length(steps)) FILTER (WHERE result >= 0) AS steps,
              count(DISTINCT start_time::date)::int AS days
         FROM run WHERE account_id = $1`,
      [scale.accountId],
    );
    expect(r).toEqual({ runs: 3000, steps: [20], days: 10 });
    expect(scale.products.map((p) => p.tests.length)).toEqual([4, 4, 4]);
    // as the migration that introduced releases leaves an account: release control off, release 1 each
    const [releases] = await rowsOf<Record<string, unknown>>(
      `SELECT a.release_control, a.release_approval,
              (SELECT count(*) FROM seq_release x WHERE x.account_id = a.id AND x.no = 1 AND x.kind = 'migration')::int AS firsts,
              (SELECT count(*) FROM run WHERE account_id = a.id AND release_no IS DISTINCT FROM 1)::int AS unnamed
         FROM account a WHERE a.id = $1`,
      [scale.accountId],
    );
    expect(releases).toEqual({ release_control: false, release_approval: false, firsts: 12, unnamed: 0 });
    for (const [what, sql] of Object.entries(CONSISTENCY_CHECKS)) {
      const [row] = await rowsOf<{ n: number }>(sql, [scale.accountId]);
      expect([what, row!.n]).toEqual([what, 0]);
    }
    // the demo is still there
    expect(await contents(first.accountId)).toEqual(initial);
  }, 180_000); // 48 s at load 6, most of it the roll-ups and the closing VACUUM (15-25 s before the day roll-ups)

  it('makes the roll-ups of its runs without the triggers, in one pass at the end', async () => {
    const { id } = (
      await rowsOf<{ id: number }>(`SELECT id FROM account WHERE name = 'Sweepline Scale'`)
    )[0]!;
    const [r] = await rowsOf<Record<string, boolean>>(
      `SELECT (SELECT sum(decided) FROM run_test_slot WHERE account_id = $1)
                = (SELECT count(*) FROM run WHERE account_id = $1 AND result <> -1) AS decided,
              (SELECT count(*) FROM run_unit_test WHERE account_id = $1)
                = (SELECT count(DISTINCT (serial_number_id, seq_id)) FROM run WHERE account_id = $1) AS units,
              (SELECT count(*) FROM run_failure WHERE account_id = $1)
                = (SELECT count(*) FROM run WHERE account_id = $1 AND result <> 1) AS failures,
              (SELECT count(DISTINCT run_id) FROM run_step_value WHERE account_id = $1)
                = (SELECT count(*) FROM run WHERE account_id = $1 AND result <> -1) AS step_values`,
      [id],
    );
    expect(r).toEqual({ decided: true, units: true, failures: true, step_values: true });
  });

  it("stores its runs and step values in their months' partitions, none in the default ones", async () => {
    const [r] = await rowsOf<{ runs: number; values: number }>(
      `SELECT (SELECT count(*) FROM run_default)::int AS runs, (SELECT count(*) FROM run_step_value_default)::int AS values`,
    );
    expect(r).toEqual({ runs: 0, values: 0 });
  });
});

/**
 * The roll-up tables, which the triggers on run keep and run_rollups_rebuild makes in bulk,
 * each with the rows that count. A quarter hour's histogram row whose pluses and minuses the
 * triggers have cancelled out stays, all zeros, where the bulk sums leave none: the reports add
 * rows up, so such a row means nothing.
 */
const ROLLUPS: Record<string, string> = {
  run_unit_day: 'true',
  run_unit_test: 'true',
  run_test_day: 'true',
  run_test_slot:
    '(decided, passed, firsts, first_passed, unit_tails, unit_heads, pass_tails, pass_heads) <> (0, 0, 0, 0, 0, 0, 0, 0)',
  run_product_slot: '(unit_tails, unit_heads) <> (0, 0)',
  run_step_value: 'true',
  run_failure: 'true',
  run_step_slot: 'true',
  run_failure_slot: 'true',
};

/**
 * Sums that the trigger adds up in another order than the bulk rows (run_step_slot's merges of
 * each insert into its slots, against two passes over a slot's values): left out of the digest and
 * compared to 1e-12 relative, the mean as first value + offset (docs/measurements.md, "Capability
 * from merged statistics").
 */
const SUMS: Record<string, { columns: string[]; compared: string }> = {
  run_step_slot: {
    columns: ['mean_offset', 'm2', 'mr_sum'],
    compared: 'ARRAY[first_value + mean_offset, m2, mr_sum]',
  },
};

interface Digest {
  n: number;
  digest: string;
  /** SUMS' figures of each row, in key order. */
  sums?: number[][];
}

/** Each roll-up's rows of an account: how many, and a digest of them all in one order. */
async function rollupDigests(accountId: number): Promise<Record<string, Digest>> {
  const digests: Record<string, Digest> = {};
  for (const [table, counts] of Object.entries(ROLLUPS)) {
    const sums = SUMS[table];
    const row = sums ? `(to_jsonb(t) - '{${sums.columns.join(',')}}'::text[])::text` : 't::text';
    const [digest] = await rowsOf<Digest>(
      `SELECT count(*)::int AS n, md5(string_agg(${row}, '|' ORDER BY ${row})) AS digest
         FROM ${table} t WHERE account_id = $1 AND ${counts}`,
      [accountId],
    );
    if (sums)
      digest!.sums = (
        await rowsOf<{ s: number[] }>(
          `SELECT ${sums.compared} AS s FROM ${table} t WHERE account_id = $1 AND ${counts} ORDER BY ${row}`,
          [accountId],
        )
      ).map((r) => r.s);
    digests[table] = digest!;
  }
  return digests;
}

/** The digests equal, and their sums to 1e-12 relative. */
function expectSameRollups(got: Record<string, Digest>, want: Record<string, Digest>): void {
  const near = (a: number, b: number) =>
    Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b), 1e-300);
  const strip = (d: Record<string, Digest>) =>
    Object.fromEntries(Object.entries(d).map(([table, { n, digest }]) => [table, { n, digest }]));
  expect(strip(got)).toEqual(strip(want));
  for (const [table, { sums }] of Object.entries(want)) {
    const far = (sums ?? []).filter((row, i) => row.some((x, j) => !near(x, got[table]!.sums![i]![j]!)));
    expect([table, far]).toEqual([table, []]);
  }
}

describe('run_rollups_rebuild', () => {
  it("makes, from the demo's runs, exactly the rows the triggers kept as the demo was seeded", async () => {
    const { id } = (
      await rowsOf<{ id: number }>(`SELECT id FROM account WHERE name = $1`, [DEMO_IDENTITY.accountName])
    )[0]!;
    const kept = await rollupDigests(id);
    for (const table of Object.keys(ROLLUPS)) expect([table, kept[table]!.n > 0]).toEqual([table, true]);
    await db.query('SELECT run_rollups_rebuild($1)', [id]);
    expectSameRollups(await rollupDigests(id), kept);
  }, 180_000); // 88 s at load 6 after the day roll-ups (issue 41), when the rebuild still ran their triggers and planned each bin width again (migrations 1763860900000, 1763861000000)
});

describe('npm run seed options', () => {
  it('reads --runs and --days, with or without =', () => {
    expect(parseArgs([])).toEqual({});
    expect(parseArgs(['--runs', '1_000_000', '--days=90'])).toEqual({ runs: 1_000_000, days: 90 });
    expect(parseArgs(['--help'])).toBe('help');
  });

  it('refuses anything else with a message', () => {
    expect(() => parseArgs(['--run', '5'])).toThrow(/^Unknown option --run\nUsage: npm run seed/);
    expect(() => parseArgs(['--runs', '0'])).toThrow(
      '--runs takes a whole number from 1 to 50,000,000 (got 0)',
    );
    expect(() => parseArgs(['--days'])).toThrow('--days takes a whole number from 1 to 3,650 (got nothing)');
  });
});
