import { Injectable } from '@nestjs/common';
import {
  changesOf,
  NotFound,
  TRACE_BAND_LIMIT,
  FAILED_RUNS_LIMIT,
  type ControlColumns,
  type FrozenCentre,
} from '@sweepline/domain';
import {
  binaryRecord,
  float8Column,
  int4Column,
  type BinaryFieldType,
  int8Column,
  nullableFloat8Column,
  timestampMsColumn,
} from '../database/binary-columns';
import { ReadDb } from '../database/read-db';
import { iso, isoDay, quarterHours, wholeDays } from './quarter-hours';
import { ReportRange } from './report-range';
import { SerialNumberLines } from './serial-number-lines';

/**
 * The measurement analytics' SQL (docs/api/reports.md, "Measurement analytics"), read from the
 * standby when there is one (ReadDb), as the daily reports. Every query over runs filters by
 * account_id and a start_time range, so only the range's monthly partitions of run are read
 * (analysis-partitions.int-spec.ts), and none depends on run's primary key; only the one run of
 * ownTrace is found by its id, and a Pareto bar's runs by theirs, with their test and start time
 * (either run's primary key or its (account_id, seq_id, start_time) index finds them).
 * A step is the first non-heading row of a run with the title asked for (its key across versions).
 * Its numeric rows are kept apart in run_step_value as runs are stored, so capability and the
 * control chart read one index range, and the failed and aborted runs with their failing titles in
 * run_failure, so the Pareto reads one index range per test (docs/performance.md, "Measurement
 * analytics").
 */

/** A run's step row of title $3: the first non-heading one (jsonpath, one call per run). */
const STEP_ROW = `jsonb_path_query_first(r.steps, '$[*] ? (@.title == $t && @.isHeader == false)', jsonb_build_object('t', $3::text))`;

/** The rows of step $3 of test $2 in the range [$4, $5): one range of run_step_value's key. */
const STEP_VALUES_IN_RANGE = `FROM run_step_value
  WHERE account_id = $1 AND seq_id = $2 AND title = $3 AND start_time >= $4::timestamptz AND start_time < $5::timestamptz`;

/** Runs of test $2 in the range [$4, $5) (with the step's title $3). */
const RUNS_IN_STEP_RANGE = `FROM run r
  WHERE r.account_id = $1 AND r.seq_id = $2 AND r.start_time >= $4::timestamptz AND r.start_time < $5::timestamptz`;

/** The first failing row of a run. */
const FIRST_FAILING = `jsonb_path_query_first(r.steps, '$[*] ? (@.result == 0 && @.isHeader == false)')`;

/** Failed and aborted runs of tests $2 (an array) in the range [$3, $4): the roll-up run_failure. */
const FAILURES_IN_RANGE = `FROM run_failure f
  WHERE f.account_id = $1 AND f.seq_id = ANY($2::int[]) AND f.start_time >= $3::timestamptz AND f.start_time < $4::timestamptz`;

/** Runs of tests $2 (an array) in the range [$3, $4) (passed, failed and aborted). */
const RUNS_IN_RANGE = `FROM run r
  WHERE r.account_id = $1 AND r.seq_id = ANY($2::int[]) AND r.start_time >= $3::timestamptz AND r.start_time < $4::timestamptz`;

export interface SeqRow {
  id: number;
  name: string;
}

/**
 * The step's numeric rows (run_step_value) in time order, column-wise: entry i is row i (`sns`
 * empty when not asked for).
 */
export interface StepValueColumns extends ControlColumns {
  /** Every row's serial number (`sns` holds them only when asked for). */
  serialNumbers: SerialNumberLines;
  /** The distinct units, in the order they first came. */
  units: string[];
}

/**
 * stepValues' row: the numbers' columns in binary (the versions and limits only when read row by
 * row), the serial numbers one per line, the ranges of the rest.
 */
type StepValueBytes = Record<'runIds' | 'times' | 'values', Buffer> &
  Partial<Record<'versions' | 'lower' | 'upper', Buffer>> & {
    sns: Buffer;
    unitLow: string;
    unitHigh: string;
  } & Record<'versionLow' | 'versionHigh' | 'lowerLow' | 'lowerHigh' | 'upperLow' | 'upperHigh', number>;

/** stepValues' fields in the order of its select, each in its type's binary form (it reads by COPY). */
const STEP_VALUE_FIELDS: readonly (readonly [keyof StepValueBytes, BinaryFieldType])[] = [
  ['runIds', 'bytes'],
  ['times', 'bytes'],
  ['sns', 'bytes'],
  ['values', 'bytes'],
  ['versions', 'bytes'],
  ['lower', 'bytes'],
  ['upper', 'bytes'],
  ['versionLow', 'int4'],
  ['versionHigh', 'int4'],
  ['lowerLow', 'float8'],
  ['lowerHigh', 'float8'],
  ['upperLow', 'float8'],
  ['upperHigh', 'float8'],
  ['unitLow', 'text'],
  ['unitHigh', 'text'],
];

/** stepValues' condition for its row-by-row columns: always, or where its slots say they change. */
const BY_ROW = (rowByRow: boolean | null) => (rowByRow ? 'true' : '(SELECT mixed FROM slots)');

/** A limit as stepValues reads it (NaN for none, so that min and max see every row) back as null. */
const limitOf = (x: number): number | null => (Number.isNaN(x) ? null : x);

/**
 * Whether the rows hold one version and one pair of limits. PostgreSQL orders NaN after every
 * number and equal to itself, so a lowest and highest NaN is "no limit" throughout.
 */
function oneVersionAndLimits(row: StepValueBytes): boolean {
  const same = (low: number, high: number) => Object.is(low, high) || low === high;
  return (
    row.versionLow === row.versionHigh &&
    same(row.lowerLow, row.lowerHigh) &&
    same(row.upperLow, row.upperHigh)
  );
}

const EMPTY_COLUMNS: StepValueColumns = {
  runIds: [],
  times: [],
  sns: [],
  values: [],
  limits: [],
  versions: [],
  serialNumbers: new SerialNumberLines(Buffer.alloc(0), 0),
  units: [],
};

export interface FailureGroup {
  seqId: number;
  aborted: boolean;
  /** The failing rows' titles in step order. */
  steps: string[];
  runs: number;
}

export interface FailedRunRecord {
  runId: number;
  startTime: Date;
  sn: string;
  seqId: number;
  seqName: string;
  value: unknown;
  lower: unknown;
  upper: unknown;
  unit: string | null;
}

export interface TraceRecord {
  runId: number;
  sn: string;
  freqs: Buffer;
  vals: Buffer;
  lower: unknown;
  upper: unknown;
  unit: string;
}

@Injectable()
export class AnalysisRepository {
  constructor(private readonly db: ReadDb) {}

  /** A live test of a live product of the account; 404 'Test not found' otherwise. */
  async seq(accountId: number, seqId: number): Promise<SeqRow> {
    const [row] = await this.db.query<SeqRow>(
      `SELECT s.id, s.name FROM seq s JOIN product p ON p.id = s.product_id
        WHERE s.id = $1 AND s.account_id = $2 AND s.deleted_at IS NULL AND p.deleted_at IS NULL`,
      [seqId, accountId],
    );
    if (!row) throw new NotFound('Test');
    return row;
  }

  /** The live tests of a live product of the account (404 'Product not found'), in picker order. */
  async productSeqs(accountId: number, productId: number): Promise<SeqRow[]> {
    const rows = await this.db.query<SeqRow & { product: boolean }>(
      `SELECT s.id, s.name FROM product p
         LEFT JOIN seq s ON s.product_id = p.id AND s.account_id = p.account_id AND s.deleted_at IS NULL
        WHERE p.id = $1 AND p.account_id = $2 AND p.deleted_at IS NULL
        ORDER BY s.stage_no, s.test_no, s.id`,
      [productId, accountId],
    );
    if (rows.length === 0) throw new NotFound('Product');
    return rows.filter((row) => row.id !== null);
  }

  /**
   * The step picker: titles with a number in the test's latest 200 runs of the range, in step
   * order of the latest run that has each, with that row's unit.
   */
  measuredSteps(
    accountId: number,
    seqId: number,
    range: ReportRange,
  ): Promise<{ title: string; unit: string }[]> {
    return this.db
      .query(
        `SELECT DISTINCT ON (e->>'title') e->>'title' AS title, coalesce(e->>'unit', '') AS unit, x.i AS pos, r.start_time
         FROM (SELECT steps, start_time FROM run
                WHERE account_id = $1 AND seq_id = $2 AND start_time >= $3::timestamptz AND start_time < $4::timestamptz
                ORDER BY start_time DESC LIMIT 200) r,
              jsonb_array_elements(r.steps) WITH ORDINALITY AS x(e, i)
        WHERE e->>'isHeader' = 'false' AND jsonb_typeof(e->'value') = 'number'
        ORDER BY e->>'title', r.start_time DESC`,
        [accountId, seqId, range.from, range.until],
      )
      .then((rows) =>
        (rows as { title: string; unit: string; pos: number }[])
          .sort((a, b) => a.pos - b.pos)
          .map(({ title, unit }) => ({ title, unit })),
      );
  }

  /**
   * The step's numeric rows of passed and failed runs in the range, in time order, column-wise:
   * an index range of the roll-up run_step_value (migration 1763857400000), not a search of every
   * run's steps. The numbers come as one binary column each (database/binary-columns.ts), the
   * serial numbers as one text, one per line (SerialNumberLines: made into strings only when
   * `withSns`; a chart sized by the screen takes out the few it sends, which was an index probe
   * each), and the units as their range: of 61,213 rows, building and parsing JSON arrays of
   * texts took about 40 % of the read (docs/performance.md, "Measurement analytics"). The
   * versions and limits, which nearly always hold one value over a range, come as their lowest
   * and highest unless the range's quarter hours (run_step_slot) say they change: then row by row,
   * made into the lists of where they change (changesOf).
   * It is read by COPY in binary (ReadDb.copyRows), so the columns' bytes arrive as they are, not
   * spelled in hex for Node to decode.
   */
  async stepValues(
    accountId: number,
    seqId: number,
    title: string,
    range: ReportRange,
    withSns = true,
  ): Promise<StepValueColumns> {
    const params = [accountId, seqId, title, range.from, range.until];
    // row by row: always, or (null) where the range's quarter hours (run_step_slot) hold more than
    // one version or pair of limits; a range is whole local days, so whole quarter hours. Lowest
    // against highest, not a count of distinct values: no sort of the 4,659 slots of 90 days
    // (PostgreSQL's NaN, our "no limit", equals itself and sorts after every number)
    const read = async (rowByRow: boolean | null) => {
      const rows = await this.db.copyRows(
        `WITH slots AS (
           SELECT min(versions) <> max(versions) OR max(cardinality(versions)) > 1 OR bool_or(limits_mixed)
                  OR min(coalesce(last_lower, 'NaN')) <> max(coalesce(last_lower, 'NaN'))
                  OR min(coalesce(last_upper, 'NaN')) <> max(coalesce(last_upper, 'NaN')) AS mixed
             FROM run_step_slot
            WHERE account_id = $1 AND seq_id = $2 AND title = $3
              AND slot_start >= $4::timestamptz AND slot_start < $5::timestamptz)
         SELECT string_agg(int8send(run_id), '') AS "runIds", string_agg(timestamptz_send(start_time), '') AS times,
                string_agg(sn, E'\\n') AS sns, string_agg(float8send(value), '') AS values,
                string_agg(int4send(seq_version), '') FILTER (WHERE ${BY_ROW(rowByRow)}) AS versions,
                string_agg(float8send(coalesce(lower, 'NaN')), '') FILTER (WHERE ${BY_ROW(rowByRow)}) AS lower,
                string_agg(float8send(coalesce(upper, 'NaN')), '') FILTER (WHERE ${BY_ROW(rowByRow)}) AS upper,
                min(seq_version) AS "versionLow", max(seq_version) AS "versionHigh",
                min(coalesce(lower, 'NaN')) AS "lowerLow", max(coalesce(lower, 'NaN')) AS "lowerHigh",
                min(coalesce(upper, 'NaN')) AS "upperLow", max(coalesce(upper, 'NaN')) AS "upperHigh",
                min(unit) AS "unitLow", max(unit) AS "unitHigh"
           FROM (SELECT * ${STEP_VALUES_IN_RANGE} ORDER BY start_time, run_id) v
         HAVING count(*) > 0`,
        params,
      );
      return rows.map((row) => binaryRecord<StepValueBytes>(row, STEP_VALUE_FIELDS));
    };
    let [row] = await read(null);
    if (!row) return EMPTY_COLUMNS;
    // the slots said one each, the rows (of the same snapshot) do not: slots out of step with
    // their rows, as before a roll-up rebuild; read again whole, every column of the same rows
    if (!row.versions && !oneVersionAndLimits(row)) [row] = await read(true);
    if (!row) return EMPTY_COLUMNS;
    const values = float8Column(row.values);
    const serialNumbers = new SerialNumberLines(row.sns, values.length);
    return {
      runIds: int8Column(row.runIds),
      times: timestampMsColumn(row.times),
      sns: withSns ? serialNumbers.all() : [],
      serialNumbers,
      values,
      ...(row.versions && row.lower && row.upper
        ? changesOf(
            nullableFloat8Column(row.lower),
            nullableFloat8Column(row.upper),
            int4Column(row.versions),
          )
        : {
            limits: [{ from: 0, lower: limitOf(row.lowerLow), upper: limitOf(row.upperLow) }],
            versions: [{ from: 0, version: row.versionLow }],
          }),
      // more than one unit is refused: only then are they listed, in the order they first came
      units:
        row.unitLow === row.unitHigh
          ? [row.unitLow]
          : (
              await this.db.query<{ unit: string }>(
                `SELECT unit FROM (SELECT DISTINCT ON (unit) unit, start_time, run_id ${STEP_VALUES_IN_RANGE}
                                    ORDER BY unit, start_time, run_id) u
                  ORDER BY start_time, run_id`,
                params,
              )
            ).map((u) => u.unit),
    };
  }

  /**
   * The step's frozen centre and σ within (spc_limit, written by the SPC module); undefined while
   * its limits are computed from the range on screen.
   */
  async frozenCentre(accountId: number, seqId: number, title: string): Promise<FrozenCentre | undefined> {
    const [row] = await this.db.query<FrozenCentre>(
      `SELECT centre, sigma_within AS "sigmaWithin" FROM spc_limit WHERE account_id = $1 AND seq_id = $2 AND title = $3`,
      [accountId, seqId, title],
    );
    return row;
  }

  /**
   * The step's last `count` values before `until` (the range's start), oldest first: what the
   * judge had seen when the range's first value came, so a point's rules do not depend on where
   * the range starts. One short backward read of run_step_value's index.
   */
  async valuesBefore(
    accountId: number,
    seqId: number,
    title: string,
    until: string,
    count: number,
  ): Promise<number[]> {
    const rows = await this.db.query<{ value: number }>(
      `SELECT value FROM run_step_value
        WHERE account_id = $1 AND seq_id = $2 AND title = $3 AND start_time < $4::timestamptz
        ORDER BY start_time DESC, run_id DESC LIMIT $5`,
      [accountId, seqId, title, until, count],
    );
    return rows.map((r) => r.value).reverse();
  }

  /**
   * Of the runs `runIds` (failed runs of the test in the range without a value of the step), those
   * whose row of the step has no number: a measurement skipped after an instrument error (the
   * runner stores the reason as text and fails the row). A passed run's rows all passed, and a run
   * with a value has a number, so only the few failed runs without a value are read from run
   * (reading every failed run's steps took 95-115 ms on the bench database, docs/performance.md).
   */
  async notNumericRows(
    accountId: number,
    seqId: number,
    title: string,
    range: ReportRange,
    runIds: number[],
  ): Promise<number> {
    if (runIds.length === 0) return 0;
    const [row] = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count ${RUNS_IN_STEP_RANGE} AND r.result = 0 AND r.id = ANY($6::bigint[])
          AND jsonb_typeof(${STEP_ROW}->'value') <> 'number'`,
      [accountId, seqId, title, range.from, range.until, runIds],
    );
    return row?.count ?? 0;
  }

  /** Whether a passed or failed run in the range has a (non-heading) row of the step. */
  async hasStepRow(accountId: number, seqId: number, title: string, range: ReportRange): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 ${RUNS_IN_STEP_RANGE} AND r.result <> -1
          AND jsonb_path_exists(r.steps, '$[*] ? (@.title == $t && @.isHeader == false)', jsonb_build_object('t', $3::text))
        LIMIT 1`,
      [accountId, seqId, title, range.from, range.until],
    );
    return rows.length > 0;
  }

  /** Whether the test has a passed or failed run in the range (to tell "no runs" from "no such step"). */
  async hasRuns(accountId: number, seqId: number, range: ReportRange): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 ${RUNS_IN_RANGE} AND r.result <> -1 LIMIT 1`, [
      accountId,
      [seqId],
      range.from,
      range.until,
    ]);
    return rows.length > 0;
  }

  /**
   * Failed and aborted runs grouped by test and failing titles (equal lists counted together; an
   * aborted run's titles are not counted), so that the cost follows days: the range's whole UTC
   * days from run_failure_day (migration 1763860410000), the quarter hours of its partial days
   * from run_failure_slot (1763860110000), and its edges inside a quarter hour, if any, from
   * run_failure (1763857500000).
   */
  failureGroups(accountId: number, seqIds: number[], range: ReportRange): Promise<FailureGroup[]> {
    const { head, slots, tail } = quarterHours(Date.parse(range.from), Date.parse(range.until));
    const days = wholeDays(slots.from, slots.until);
    const edge = (from: string, until: string) => `
      SELECT f.seq_id, f.aborted, f.steps, 1 AS runs FROM run_failure f
       WHERE f.account_id = $1 AND f.seq_id = ANY($2::int[]) AND f.start_time >= ${from}::timestamptz
         AND f.start_time < ${until}::timestamptz`;
    const quarters = (from: string, until: string) => `
      SELECT s.seq_id, s.aborted, s.steps, s.runs FROM run_failure_slot s
       WHERE s.account_id = $1 AND s.seq_id = ANY($2::int[])
         AND s.slot_start >= ${from}::timestamptz AND s.slot_start < ${until}::timestamptz`;
    return this.db.query<FailureGroup>(
      `SELECT x.seq_id AS "seqId", x.aborted, CASE WHEN x.aborted THEN '{}' ELSE x.steps END AS steps,
              sum(x.runs)::int AS runs
         FROM (SELECT d.seq_id, d.aborted, d.steps, d.runs FROM run_failure_day d
                WHERE d.account_id = $1 AND d.seq_id = ANY($2::int[]) AND d.day >= $7::date AND d.day < $8::date
               UNION ALL ${quarters('$5', '$9')}
               UNION ALL ${quarters('$10', '$6')}
               UNION ALL ${edge('$3', '$5')}
               UNION ALL ${edge('$6', '$4')}) x
        GROUP BY 1, 2, 3`,
      [
        accountId,
        seqIds,
        iso(head.from),
        iso(tail.until),
        iso(slots.from),
        iso(slots.until),
        isoDay(days.slots.from),
        isoDay(days.slots.until),
        iso(days.slots.from),
        iso(days.slots.until),
      ],
    );
  }

  /**
   * The test-plan versions of each test's runs in the range: its whole UTC days from
   * run_version_day (migration 1763860410000), its partial days from an index-only scan of run's
   * (account_id, seq_id, start_time) index, which carries seq_version (migration 1763857800000).
   */
  versions(
    accountId: number,
    seqIds: number[],
    range: ReportRange,
  ): Promise<{ seqId: number; versions: number[] }[]> {
    const days = wholeDays(Date.parse(range.from), Date.parse(range.until));
    const runs = (from: string, until: string) => `
      SELECT r.seq_id, r.seq_version FROM run r
       WHERE r.account_id = $1 AND r.seq_id = ANY($2::int[]) AND r.start_time >= ${from}::timestamptz
         AND r.start_time < ${until}::timestamptz`;
    return this.db.query(
      `SELECT v.seq_id AS "seqId", array_agg(v.seq_version ORDER BY v.seq_version) AS versions
         FROM (SELECT d.seq_id, d.seq_version FROM run_version_day d
                WHERE d.account_id = $1 AND d.seq_id = ANY($2::int[]) AND d.day >= $7::date AND d.day < $8::date
               UNION ${runs('$3', '$5')}
               UNION ${runs('$6', '$4')}) v
        GROUP BY v.seq_id`,
      [
        accountId,
        seqIds,
        range.from,
        range.until,
        iso(days.slots.from),
        iso(days.slots.until),
        isoDay(days.slots.from),
        isoDay(days.slots.until),
      ],
    );
  }

  /**
   * One Pareto bar's runs, newest first: runs whose failing rows (`first`: the first one) include
   * the title $5, or with `step` null the aborted runs. The runs are found in run_failure; only
   * the FAILED_RUNS_LIMIT listed are read from run, for the failing row's value and limits (with
   * `every`, the first failing row of that title).
   */
  failedRuns(
    accountId: number,
    seqIds: number[],
    range: ReportRange,
    step: string | null,
    count: 'first' | 'every',
  ): Promise<FailedRunRecord[]> {
    const bar =
      step === null
        ? 'f.aborted'
        : `NOT f.aborted AND ${count === 'first' ? 'f.steps[1] = $5::text' : '$5::text = ANY(f.steps)'}`;
    const row =
      step === null
        ? 'NULL::jsonb'
        : count === 'first'
          ? FIRST_FAILING
          : `jsonb_path_query_first(r.steps, '$[*] ? (@.result == 0 && @.isHeader == false && @.title == $t)', jsonb_build_object('t', $5::text))`;
    return this.db.query<FailedRunRecord>(
      `SELECT f.run_id::float8 AS "runId", f.start_time AS "startTime", r.sn, f.seq_id AS "seqId", s.name AS "seqName",
              e->'value' AS value, e->'lower' AS lower, e->'upper' AS upper, e->>'unit' AS unit
         FROM (SELECT f.account_id, f.seq_id, f.start_time, f.run_id
                 ${FAILURES_IN_RANGE} AND ${bar}
                ORDER BY f.start_time DESC, f.run_id DESC
                LIMIT ${FAILED_RUNS_LIMIT}) f
         JOIN run r ON r.account_id = f.account_id AND r.seq_id = f.seq_id AND r.start_time = f.start_time
                   AND r.id = f.run_id AND r.start_time >= $3::timestamptz AND r.start_time < $4::timestamptz
         CROSS JOIN LATERAL (SELECT ${row} AS e) x
         JOIN seq s ON s.id = f.seq_id
        ORDER BY f.start_time DESC, f.run_id DESC`,
      [accountId, seqIds, range.from, range.until, ...(step === null ? [] : [step])],
    );
  }

  /** The newest traces of the step in the range (passed and failed runs), at most TRACE_BAND_LIMIT. */
  bandTraces(accountId: number, seqId: number, title: string, range: ReportRange): Promise<TraceRecord[]> {
    return this.db.query<TraceRecord>(
      `${TRACE_SELECT}
        WHERE r.account_id = $1 AND r.seq_id = $2 AND r.start_time >= $4::timestamptz AND r.start_time < $5::timestamptz
          AND r.result <> -1
        ORDER BY r.start_time DESC, r.id DESC
        LIMIT ${TRACE_BAND_LIMIT}`,
      [accountId, seqId, title, range.from, range.until],
    );
  }

  /** One run's trace of the step; 404 'Run not found' for a run of another account or test. */
  async ownTrace(
    accountId: number,
    seqId: number,
    title: string,
    runId: number,
  ): Promise<TraceRecord | null> {
    const [run] = await this.db.query(`SELECT 1 FROM run WHERE id = $1 AND account_id = $2 AND seq_id = $3`, [
      runId,
      accountId,
      seqId,
    ]);
    if (!run) throw new NotFound('Run');
    const [row] = await this.db.query<TraceRecord>(
      `${TRACE_SELECT} WHERE r.id = $4 AND r.account_id = $1 AND r.seq_id = $2`,
      [accountId, seqId, title, runId],
    );
    return row ?? null;
  }
}

/** A run's stored trace of its first non-heading row titled $3, with that row's limits and unit. */
const TRACE_SELECT = `
  SELECT r.id::float8 AS "runId", r.sn, t.freqs_mhz AS freqs, t.vals, s.e->'lower' AS lower, s.e->'upper' AS upper,
         coalesce(s.e->>'unit', '') AS unit
    FROM run r
    JOIN LATERAL (SELECT (x.i - 1)::int AS idx, x.e FROM jsonb_array_elements(r.steps) WITH ORDINALITY AS x(e, i)
                   WHERE x.e->>'title' = $3::text AND x.e->>'isHeader' = 'false' ORDER BY x.i LIMIT 1) s ON true
    JOIN run_trace t ON t.account_id = r.account_id AND t.run_id = r.id AND t.step_index = s.idx`;
