import { Injectable } from '@nestjs/common';
import {
  CalibrationState,
  CalibrationUse,
  ReleaseState,
  RunUpload,
  StageTestState,
  StepResult,
  Verdict,
} from '@sweepline/domain';
import { Db } from '../database/transaction';
import {
  ORIGIN_READ,
  ORIGIN_SET_CREATE,
  ORIGIN_WRITE,
  originSetDigest,
  originSetFound,
  originSetParams,
  RUN_ORIGIN_SET,
} from './upload-origin.sql';

/** A stored run found by its client run id, and what the first upload answered. */
export interface UploadedRun {
  id: number;
  run_no: number;
  seq_id: number;
  sn: string;
  visit_stage: number | null;
  /** Set when the run's pass advanced the serial number: its 'advance' entry. */
  advanced: boolean;
  after_stage: number | null;
}

/**
 * The run stored earlier with an upload's client_run_id: its id and its exact start time (as
 * PostgreSQL prints it, which finds its partition).
 */
export interface UploadedRunKey {
  id: number;
  start: string;
}

/** A live test of a live product of the account, as an upload checks it. */
export interface UploadTest {
  id: number;
  product_id: number;
  product_name: string;
  name: string;
  stage_no: number;
  version: number;
  is_completed: boolean;
  /** The state of the release the upload names (release_no); null when it names none or an unknown one. */
  named_release_state: ReleaseState | null;
  /** The newest released release taken at the upload's seq_version: what a run without release_no ran. */
  version_release_no: number | null;
}

/** The serial number of the upload, locked for the request. */
export interface UploadUnit {
  id: number;
  sn: string;
  /** The current stage-history entry; null while the product had no tests to place it in. */
  history_id: number | null;
}

/** What the upload found before it took the serial number's lock. */
export interface UploadTarget {
  /** The run stored earlier with this client_run_id: the others are then not looked up. */
  repeat: UploadedRunKey | null;
  /** Null: not found (another account's test, a deleted one, or one of a deleted product). */
  test: UploadTest | null;
  /** Null: the serial number is not in the test's product. */
  unit: UploadUnit | null;
}

/** What the upload reads under the serial number's lock. */
export interface UploadState {
  /** The same run sent twice at once: the second waited for the lock and finds the first here. */
  twin: UploadedRunKey | null;
  /** The current entry's stage: null when finished, or when the serial number has no entry yet. */
  visit_stage: number | null;
  /** The product's stages, ascending. */
  stages: number[];
  /** Runs of the uploaded test in the stage visit so far. */
  runs: number;
  /**
   * The serial number's first run of the test ever, if any (startMs: fractional milliseconds;
   * start: the exact start time as PostgreSQL prints it, which finds the run's partition).
   */
  first: { id: number; startMs: number; start: string; result: Verdict } | null;
  /**
   * The live tests of the visit's stage (of the first stage when the serial number has no entry
   * yet), each with the result of its latest run in the visit counting the uploaded run as stored.
   */
  tests: StageTestState[];
  /**
   * Whether the test has frozen SPC limits on any step (spc_step_state): only then does the upload
   * judge its values (SpcJudge.judgeRun), so a test without them costs no statement more.
   */
  frozen_limits: boolean;
  /** The account's setting for overdue instruments; null unless the upload names instruments. */
  allow_overdue: boolean | null;
  /** The upload's instruments the account knows (ORIGIN_READ). */
  instruments: KnownInstrument[];
  /** The upload's calibration keys the account knows. */
  calibrations: KnownCalibration[];
}

/** An instrument of the upload that the account knows, as ORIGIN_READ reads it. */
export interface KnownInstrument {
  /** Its index in the upload's instruments. */
  idx: number;
  id: number;
  /** The due date of its certificate in force on the run's (UTC) day. */
  due_on: string | null;
  firmware: string | null;
  resource: string | null;
  last_station: string | null;
  /** Its last use, in milliseconds since the epoch. */
  last_used_ms: number | null;
}

/** A calibration the account knows by its key. */
export interface KnownCalibration {
  key: string;
  id: number;
  instrument_id: number;
}

/** What the upload writes of its origin (ORIGIN_WRITE): the instruments, by index, and whole calibrations. */
export interface OriginWrites {
  instruments: number[];
  calibrations: CalibrationUse[];
}

export interface StoredTrace {
  stepIndex: number;
  freqs: Buffer;
  values: Buffer;
}

/** A run as POST /runner/runs stores it, with what changes along with it. */
export interface NewRun {
  accountId: number;
  productId: number;
  seqId: number;
  serialNumberId: number;
  sn: string;
  historyId: number;
  runNo: number;
  clientRunId: string;
  seqVersion: number;
  /** The release it ran (docs/releases.md); null: before releases, or none matched. */
  releaseNo: number | null;
  startTime: Date;
  endTime: Date;
  result: Verdict;
  userId: number | null;
  userName: string;
  steps: StepResult[];
  isFirst: boolean;
  traces: readonly StoredTrace[];
  /** The run that loses the first-run mark to this one (it started earlier), if any. */
  unmarkFirst: { id: number; start: string } | null;
  origin: StoredRunOrigin;
}

/** What measured the run: run's columns and its origin set (docs/traceability.md). */
export interface StoredRunOrigin {
  station: string | null;
  runnerVersion: string | null;
  /** Measured with an instrument overdue at its start, as the account allows. */
  measuredOverdue: boolean;
  instruments: { id: number; role: string; state: CalibrationState; dueOn: string | null }[];
  /** stepIndices: the step results (0-based) measured with it. */
  calibrations: { id: number; stepIndices: number[] }[];
}

/** The upload's instruments and calibrations as the account knows them once registered. */
export interface FoundOrigin {
  allow_overdue: boolean;
  /** By the instrument's index in the upload: its id and the due date in force on the run's (UTC) day. */
  instruments: WrittenInstrument[];
  /** Every calibration of the upload the account knows (the whole ones now recorded), by key. */
  calibrations: KnownCalibration[];
}

/** An instrument as the upload names it: its index in the upload, its id, its due date in force. */
export type WrittenInstrument = Pick<KnownInstrument, 'idx' | 'id' | 'due_on'>;

/**
 * $1 account, $2 client_run_id: the run stored with it, by its key. Only run_client_id: joined
 * to run here, every upload's plan initialized and locked a scan of each of run's partitions
 * (the start time comes from the join, too late to prune them), though a repeat is rare; the
 * number of partitions grows by one a month (docs/performance/history/reports-and-ingest-issue-27.md, "Issue 27, fifth pass").
 */
const CLIENT_ID = `
  SELECT c.run_id::float8 AS id, c.start_time AS start
    FROM run_client_id c
   WHERE c.account_id = $1 AND c.client_run_id = $2`;

/** $1 account, $2 run, $3 its start time: what a repeat answers, read from the one partition. */
const UPLOADED_RUN = `
  SELECT r.id::float8 AS id, r.run_no, r.seq_id, r.sn, h.stage_no::int AS visit_stage,
         a.id IS NOT NULL AS advanced, a.stage_no::int AS after_stage
    FROM run r
    JOIN sn_stage_history h ON h.id = r.sn_stage_history_id
    LEFT JOIN sn_stage_history a ON a.run_id = r.id
   WHERE r.account_id = $1 AND r.id = $2 AND r.start_time = $3::timestamptz`;

/**
 * $1 account, $2 client_run_id, $3 test, $4 serial number, $5 the release the upload names (NULL:
 * none), $6 its seq_version. The test and the serial number are looked up only when the run was
 * not stored before: a repeat answers as the first time, even if the test was deleted since. The
 * test's releases come as subselects of its row (seq_release's key starts with seq_id), so an
 * upload costs the statements it did before releases. Exported, as STATE is, for
 * run-partitions.int-spec.ts, which reads their plans.
 */
export const TARGET = `
  WITH repeat AS (${CLIENT_ID}
  ), test AS (
    SELECT s.id, s.product_id, p.name AS product_name, s.name, s.stage_no::int AS stage_no, s.version,
           s.is_completed,
           (SELECT r.state FROM seq_release r WHERE r.seq_id = s.id AND r.no = $5::int) AS named_release_state,
           (SELECT max(r.no) FROM seq_release r
             WHERE r.seq_id = s.id AND r.seq_version = $6::int AND r.state = 'released') AS version_release_no
      FROM seq s JOIN product p ON p.id = s.product_id AND p.deleted_at IS NULL
     WHERE s.id = $3 AND s.account_id = $1 AND s.deleted_at IS NULL AND NOT EXISTS (SELECT FROM repeat)
  ), unit AS (
    SELECT u.id, u.sn, u.current_history_id AS history_id
      FROM serial_number u
     WHERE u.product_id = (SELECT product_id FROM test) AND u.sn = $4
       FOR UPDATE
  )
  SELECT (SELECT row_to_json(repeat) FROM repeat) AS repeat,
         (SELECT row_to_json(test) FROM test) AS test,
         (SELECT row_to_json(unit) FROM unit) AS unit`;

/**
 * $1 account, $2 client_run_id, $3 serial number, $4 its current entry (NULL: none yet),
 * $5 product, $6 test, $7 the run's start time, $8 its result. Read after the lock, so it sees
 * what uploads of the same unit committed while this one waited. The unit's runs are read from
 * run_unit_test (migration 1763857300000: its visit's runs, latest run and first run per test,
 * kept by the trigger on run), not from run, whose partitions it could not prune. The latest run
 * of a test is the one started last, then the one uploaded last (docs/requirements/runner.md#run-upload): the uploaded run
 * counts with the highest id. `frozen_limits`: whether the test has frozen SPC limits (one probe of
 * spc_step_state's key), so that only then does the upload send SpcRepository.judgeTargets
 * (issue 41). Limits frozen while the upload runs judge it only if committed before this
 * statement, as they did only if committed before judgeTargets' read.
 */
export const STATE = `
  WITH stages AS (
    SELECT coalesce(array_agg(DISTINCT q.stage_no::int ORDER BY q.stage_no::int), '{}') AS stages
      FROM seq q WHERE q.product_id = $5 AND q.deleted_at IS NULL
  ), visit AS (
    SELECT CASE WHEN $4::int IS NULL THEN (SELECT stages[1] FROM stages)
                ELSE (SELECT h.stage_no::int FROM sn_stage_history h WHERE h.id = $4) END AS stage_no
  ), unit AS (
    SELECT u.* FROM run_unit_test u WHERE u.account_id = $1 AND u.serial_number_id = $3 AND u.seq_id = $6
  )
  SELECT (SELECT row_to_json(twin) FROM (${CLIENT_ID}) twin) AS twin,
         CASE WHEN $4::int IS NULL THEN NULL ELSE (SELECT stage_no FROM visit) END AS visit_stage,
         (SELECT stages FROM stages) AS stages,
         coalesce((SELECT visit_runs FROM unit WHERE visit_history_id = $4), 0) AS runs,
         (SELECT json_build_object('id', first_id::float8, 'startMs', extract(epoch FROM first_start)::float8 * 1000,
                                   'start', first_start, 'result', first_result)
            FROM unit WHERE first_id IS NOT NULL) AS first,
         coalesce((
           SELECT json_agg(json_build_object('seqId', s.id, 'latest', (
                    SELECT x.result FROM (
                      SELECT u.latest_start AS start_time, u.latest_id AS id, u.latest_result::int AS result
                        FROM run_unit_test u
                       WHERE u.account_id = $1 AND u.serial_number_id = $3 AND u.seq_id = s.id
                         AND u.visit_history_id = $4
                      UNION ALL
                      SELECT $7::timestamptz, 9223372036854775807, $8::int WHERE s.id = $6) x
                     ORDER BY x.start_time DESC, x.id DESC LIMIT 1))
                    ORDER BY s.test_no, s.id)
             FROM seq s
            WHERE s.product_id = $5 AND s.deleted_at IS NULL AND s.stage_no = (SELECT stage_no FROM visit)
         ), '[]') AS tests,
         EXISTS (SELECT FROM spc_step_state st WHERE st.account_id = $1 AND st.seq_id = $6) AS frozen_limits`;

/**
 * STATE, and what the account knows of the instruments and calibrations the upload names
 * (ORIGIN_READ, $9-$12): for an upload that names some. A statement of its own, so an upload
 * naming none sends STATE as before: with empty arrays in the same statement, PostgreSQL judged
 * its generic plan dearer than a plan for the values and planned STATE anew at every upload
 * (custom plans, about 0.9 ms more PostgreSQL CPU per upload,
 * docs/performance/history/reports-and-ingest-issue-40.md).
 */
export const STATE_WITH_ORIGIN = `${STATE},
  ${ORIGIN_READ}`;

/**
 * $1 the run losing the first-run mark to the uploaded one, $2 its start time (its partition).
 * A statement of its own, sent only when a late run takes the mark: inside STORE it made the
 * planner plan STORE anew at every upload (a custom plan pruned run's partitions for the UPDATE),
 * 0.17 ms of PostgreSQL's time per upload (docs/performance.md, "Reports and ingest").
 */
const UNMARK_FIRST = `UPDATE run SET is_first = false WHERE id = $1 AND start_time = $2::timestamptz`;

/**
 * The run and its traces, in one statement. $1-$16: the run; $17-$19 the traces; $20 its release;
 * $21-$23 its station, runner version and overdue mark; $24 its origin set's digest
 * (originSetDigest; NULL when the run names no instrument nor calibration): the run points to the
 * set found by it (originSetFound), and to none when the set is new, which the upload then makes
 * (ORIGIN_SET_CREATE, RUN_ORIGIN_SET). The client id's key (run_client_id) refuses a reused id.
 * `outside`: the run went to the default partition (no month's partition holds its start time).
 * The stage the run advances to is written by SerialNumbersRepository.enterStage (the one writer
 * of sn_stage_history), through StageVisits, a statement of its own after this one. Exported for
 * apps/api/bench/upload-parts.bench.ts.
 */
export const STORE = `
  WITH stored AS (
    INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                     client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps, is_first,
                     release_no, station, runner_version, measured_overdue, origin_set_id)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $20, $21, $22, $23,
            ${originSetFound('$1', '$24')})
    RETURNING id, tableoid, origin_set_id
  ), client_id AS (
    INSERT INTO run_client_id (account_id, client_run_id, run_id, start_time) SELECT $1, $8, stored.id, $10 FROM stored
  ), traces AS (
    INSERT INTO run_trace (run_id, step_index, freqs_mhz, vals, account_id)
    SELECT stored.id, t.*, $1 FROM stored, unnest($17::int[], $18::bytea[], $19::bytea[]) AS t
  )
  SELECT id::float8 AS id, tableoid = 'run_default'::regclass AS outside, origin_set_id FROM stored`;

/** Whether the run names an instrument or a calibration: only then has it an origin set. */
const namesOrigin = (origin: StoredRunOrigin) => origin.instruments.length + origin.calibrations.length > 0;

/**
 * The SQL of POST /runner/runs: three statements per upload (the target and the lock, the state
 * under the lock, the writes; another when a late run takes the first-run mark, when a
 * client_run_id comes again, when the run's origin has something to write, and two when its origin
 * set is new; the stage's advance
 * is StageVisits'), each a prepared statement of the connection (docs/performance.md,
 * "Reports and ingest").
 */
@Injectable()
export class RunUploadRepository {
  constructor(private readonly db: Db) {}

  /** Locks the serial number (when the test is found) until the request's transaction ends. */
  async target(
    accountId: number,
    run: Pick<RunUpload, 'client_run_id' | 'seq_id' | 'sn' | 'release_no' | 'seq_version'>,
  ): Promise<UploadTarget> {
    const [row] = await this.db.prepared<UploadTarget>('run-upload-target', TARGET, [
      accountId,
      run.client_run_id,
      run.seq_id,
      run.sn,
      run.release_no ?? null,
      run.seq_version,
    ]);
    return row!;
  }

  async state(
    accountId: number,
    clientRunId: string,
    unit: UploadUnit,
    test: UploadTest,
    startTime: Date,
    result: Verdict,
    origin: Pick<RunUpload, 'instruments' | 'calibrations'>,
  ): Promise<UploadState> {
    const params = [
      accountId,
      clientRunId,
      unit.id,
      unit.history_id,
      test.product_id,
      test.id,
      startTime,
      result,
    ];
    const ins = origin.instruments ?? [];
    const calibrations = origin.calibrations ?? [];
    if (ins.length + calibrations.length === 0) {
      const [row] = await this.db.prepared<UploadState>('run-upload-state', STATE, params);
      return { ...row!, allow_overdue: null, instruments: [], calibrations: [] };
    }
    const [row] = await this.db.prepared<UploadState>('run-upload-state-origin', STATE_WITH_ORIGIN, [
      ...params,
      ins.map((i) => i.vendor),
      ins.map((i) => i.model),
      ins.map((i) => i.serial),
      calibrations.map((c) => c.key),
    ]);
    return row!;
  }

  async store(run: NewRun): Promise<{ id: number; outside: boolean }> {
    const content = namesOrigin(run.origin) ? originSetParams(run.origin) : null;
    const [row] = await this.db.prepared<{ id: number; outside: boolean; origin_set_id: number | null }>(
      'run-upload-store',
      STORE,
      [
        run.accountId,
        run.productId,
        run.seqId,
        run.serialNumberId,
        run.sn,
        run.historyId,
        run.runNo,
        run.clientRunId,
        run.seqVersion,
        run.startTime,
        run.endTime,
        run.result,
        run.userId,
        run.userName,
        JSON.stringify(run.steps),
        run.isFirst,
        run.traces.map((t) => t.stepIndex),
        run.traces.map((t) => t.freqs),
        run.traces.map((t) => t.values),
        run.releaseNo,
        run.origin.station,
        run.origin.runnerVersion,
        run.origin.measuredOverdue,
        content && originSetDigest(content),
      ],
    );
    const { id, outside, origin_set_id } = row!;
    // a content no run had before: its set made now, and the run pointed to it
    if (content && origin_set_id === null) {
      const [set] = await this.db.prepared<{ id: number }>('run-upload-origin-set', ORIGIN_SET_CREATE, [
        run.accountId,
        ...content,
      ]);
      await this.db.prepared('run-upload-run-origin-set', RUN_ORIGIN_SET, [id, run.startTime, set!.id]);
    }
    return { id, outside };
  }

  /**
   * Registers or refreshes the upload's instruments `writes.instruments` and records its whole
   * calibrations `writes.calibrations` (ORIGIN_WRITE), answering their ids. Before the run is
   * judged: a refused run rolls it back. `known`: the instruments ORIGIN_READ found.
   */
  async writeOrigin(
    accountId: number,
    run: Pick<RunUpload, 'start_time' | 'station' | 'instruments'>,
    writes: OriginWrites,
    known: readonly KnownInstrument[],
  ): Promise<{ instruments: WrittenInstrument[]; calibrations: KnownCalibration[] }> {
    const all = run.instruments ?? [];
    const ins = writes.instruments.map((idx) => all[idx]!);
    const whole = writes.calibrations;
    const [row] = await this.db.prepared<{
      instruments: WrittenInstrument[];
      calibrations: KnownCalibration[];
    }>('run-upload-origin', ORIGIN_WRITE, [
      accountId,
      run.start_time,
      run.station ?? null,
      writes.instruments,
      ins.map((i) => i.role),
      ins.map((i) => i.vendor),
      ins.map((i) => i.model),
      ins.map((i) => i.serial),
      ins.map((i) => i.firmware ?? null),
      ins.map((i) => i.resource ?? null),
      all.map((_, idx) => known.find((k) => k.idx === idx)?.id ?? null),
      whole.map((c) => c.key),
      whole.map((c) => c.instrument),
      whole.map((c) => c.kind),
      whole.map((c) => c.ecal_serial ?? null),
      whole.map((c) => c.ports),
      whole.map((c) => c.start_MHz),
      whole.map((c) => c.stop_MHz),
      whole.map((c) => c.made_at),
      whole.map((c) => c.made_by),
    ]);
    return row!;
  }

  /** What the first upload of a repeated client_run_id stored (found by target or state). */
  async uploadedRun(accountId: number, key: UploadedRunKey): Promise<UploadedRun> {
    const [row] = await this.db.prepared<UploadedRun>('run-upload-repeat', UPLOADED_RUN, [
      accountId,
      key.id,
      key.start,
    ]);
    return row!;
  }

  /** Takes the first-run mark from a run (a late upload started before it). */
  async unmarkFirst(run: { id: number; start: string }): Promise<void> {
    await this.db.prepared('run-upload-unmark-first', UNMARK_FIRST, [run.id, run.start]);
  }
}
