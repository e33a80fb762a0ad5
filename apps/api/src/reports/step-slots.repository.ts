import { Injectable } from '@nestjs/common';
import type { HistogramGrid, SlotStatistics, SpecLimits } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';
import { COLUMNS as SLOT_COLUMNS, slotRows } from '../database/migrations/1763860100000-step-slot-statistics';
import { JS_DOUBLES as doubles } from '../database/sql-doubles';
import { iso, isoDay, wholeDays } from './quarter-hours';

/** A part's count and extremes: what slotOutside needs to tell its count beyond the limits. */
export interface SlotExtremes extends Pick<SlotStatistics, 'n' | 'min' | 'max'> {
  /** The part's first instant, epoch ms. */
  start: number;
  /** Its length: a quarter hour (run_step_slot) or a UTC day (run_step_day). */
  spanMs: number;
}

/**
 * A step's quarter hours in a window merged in PostgreSQL (run_step_slot, migration 1763860100000;
 * run_step_slot_bin, 1763860400000), with what capability's answer says of them, against the
 * limits it was given (the range's latest) or else the last slot's.
 */
export interface SlotsSummary extends SlotStatistics {
  /** The units in time order of their first value (more than one: `SlotStatistics` mixes them). */
  units: string[];
  /** The last slot's latest limits. */
  lastLower: number | null;
  lastUpper: number | null;
  /** Some value had other limits than those it was judged against. */
  limitsMixed: boolean;
  versions: number[];
  /** Values beyond those limits, as counted at upload, in the slots whose values all had them. */
  outside: number;
  /** The other slots: their values had other limits too (or no count was kept). */
  others: SlotExtremes[];
}

/** An instant range of one step, half-open: [from, until) as ISO texts. */
export interface StepWindow {
  seqId: number;
  title: string;
  from: string;
  until: string;
}

/** run_step_value rows of the step in the window (alias v; $1 account, $2 test, $3 title, $4-$5 window). */
const VALUES_IN_WINDOW = `FROM run_step_value v
  WHERE v.account_id = $1 AND v.seq_id = $2 AND v.title = $3
    AND v.start_time >= $4::timestamptz AND v.start_time < $5::timestamptz`;

const QUARTER_HOUR_MS = 900_000;
const DAY_MS = 86_400_000;

/** A UTC day's first instant (run_step_day's day). */
const dayStart = (d: string) => `(${d}::timestamp AT TIME ZONE 'UTC')`;

/**
 * A window of whole quarter hours split into its whole UTC days that are closed (run_step_day,
 * which holds the days before step_days_closed_until(), migration 1763861500000) and the quarter
 * hours of the rest: its partial days before and after, and the whole days not closed yet. Those
 * quarter hours are read from run_step_slot up to step_slots_closed_until() (migration
 * 1763861600000), and from their values after it (the quarter hours not closed yet: the last one
 * or two, usually). As the query parameters `$first` on: the whole days' first and end dates, and
 * the first whole day's start as an instant (the quarter hours before it are [$4, that start)).
 * The day rows end at the closure or at the last whole day, whichever comes first; the quarter
 * hours after them follow.
 */
function dayParts(w: { from: string; until: string }) {
  const days = wholeDays(Date.parse(w.from), Date.parse(w.until));
  return {
    params: [isoDay(days.slots.from), isoDay(days.slots.until), iso(days.slots.from)],
    where: (first: number) => {
      const closedEnd = `least($${first + 1}::date, greatest($${first}::date, step_days_closed_until()))`;
      // the quarter hours' two ranges: before the first whole day, and after the closed days
      const ranges = [
        { since: '$4::timestamptz', until: `$${first + 2}::timestamptz` },
        { since: dayStart(closedEnd), until: '$5::timestamptz' },
      ];
      return {
        /** The rows of run_step_day (alias d) in the days. */
        days: `d.account_id = $1 AND d.seq_id = $2 AND d.title = $3 AND d.day >= $${first}::date AND d.day < ${closedEnd}`,
        /** The closed quarter hours' rows of `from` (run_step_slot or its bins as s), a query per range. */
        quarters: (from: string) =>
          ranges.map(
            (r) =>
              `${from} WHERE s.account_id = $1 AND s.seq_id = $2 AND s.title = $3 AND s.slot_start >= ${r.since}
                 AND s.slot_start < least(${r.until}, step_slots_closed_until())`,
          ),
        /** The open quarter hours' values (run_step_value v), a condition per range: each one index range. */
        open: ranges.map(
          (r) =>
            `v.account_id = $1 AND v.seq_id = $2 AND v.title = $3
               AND v.start_time >= greatest(${r.since}, step_slots_closed_until()) AND v.start_time < ${r.until}`,
        ),
      };
    },
  };
}

/** The statistics of a part, a day's or a quarter hour's (alias x), in the summary's columns. */
const PART = (x: string) =>
  ['unit', 'n', 'first_value', 'last_value', 'mean_offset', 'm2', 'mr_sum', 'min_value', 'max_value']
    .concat(['last_lower', 'last_upper', 'limits_mixed', 'versions'])
    .map((c) => `${x}.${c}`)
    .join(', ');

/**
 * Capability's reads over a range (docs/performance.md, "Measurement analytics"): the step's
 * whole UTC days (run_step_day) and the quarter hours of its partial days (run_step_slot),
 * statistics and bins merged in PostgreSQL, and only where they cannot tell (a range edge inside a
 * quarter hour, a part of other limits straddling a limit) the values themselves.
 */
@Injectable()
export class StepSlotsRepository {
  constructor(private readonly db: ReadDb) {}

  /**
   * The step's days and slots in the window (quarter-hour aligned) merged into one, in a single
   * row: statistics by the parallel form of Chan et al.'s merge (each part's mean about the first
   * part's first value: d = (first − origin) + meanOffset; x̄ offset = Σ n·d / N, M2 = Σ M2 +
   * Σ n·(d − x̄ offset)², all terms positive), the moving ranges across the seams (|first − the
   * previous part's last|), and the count beyond `against` (else the last part's limits) kept per
   * part. Sent as one row: 8,640 slot rows of 90 days took longer to send and parse than to read
   * (docs/performance/history/analysis.md). Window functions and one aggregate, no joins of the
   * parts with one-row parts: those made the planner expect 100,000 rows and spend 150-200 ms on
   * JIT compiling. null when the window has no part.
   */
  async summary(accountId: number, w: StepWindow, against: SpecLimits | null): Promise<SlotsSummary | null> {
    const parts = dayParts(w);
    const where = parts.where(9);
    const quarters = where
      .quarters(
        `run_step_slot s LEFT JOIN run_step_slot_bin b ON b.account_id = s.account_id AND b.seq_id = s.seq_id
           AND b.title = s.title AND b.slot_start = s.slot_start AND b.unit = s.unit`,
      )
      .map(
        (slots) =>
          `SELECT s.slot_start AS start, ${QUARTER_HOUR_MS} AS span, ${PART('s')}, b.n_outside FROM ${slots}`,
      )
      // the open quarter hours made as their closing will make them; their count beyond the
      // limits is not kept (null): outside() counts it from their values
      .concat(
        where.open.map(
          (values) =>
            `SELECT s.slot_start AS start, ${QUARTER_HOUR_MS} AS span, ${PART('s')}, NULL::int AS n_outside
               FROM (${slotRows(values, 'run_step_value v', doubles)}) s(${SLOT_COLUMNS})`,
        ),
      );
    const [row] = await this.db.query<SlotsSummary>(
      `WITH p AS (
         SELECT ${dayStart('d.day')} AS start, ${DAY_MS} AS span, ${PART('d')}, d.n_outside
           FROM run_step_day d WHERE ${where.days}
         UNION ALL ${quarters.join(' UNION ALL ')}),
       s AS (
         SELECT p.*, row_number() OVER w AS k, lag(p.last_value) OVER w AS prev_last, first_value(p.first_value) OVER w AS origin,
                last_value(p.last_value) OVER whole AS final_last, last_value(p.last_lower) OVER whole AS final_lower,
                last_value(p.last_upper) OVER whole AS final_upper
           FROM p
         WINDOW w AS (ORDER BY p.start, p.unit), whole AS (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)),
       d AS (
         SELECT s.*, (s.first_value - s.origin) + s.mean_offset AS d,
                s.limits_mixed OR (s.last_lower, s.last_upper) IS DISTINCT FROM
                  (CASE WHEN $6 THEN $7::float8 ELSE s.final_lower END, CASE WHEN $6 THEN $8::float8 ELSE s.final_upper END)
                  AS other
           FROM s),
       c AS (SELECT d.*, ${doubles.perCount('sum(n * d) OVER ()', 'sum(n) OVER ()')} AS centre FROM d)
       SELECT sum(n)::int AS n, min(origin) AS first, min(final_last) AS last, min(centre) AS "meanOffset",
              sum(m2) + sum(n * ${doubles.square('(d - centre)')}) AS m2,
              sum(mr_sum) + coalesce(sum(abs(first_value - prev_last)), 0) AS "mrSum",
              min(min_value) AS min, max(max_value) AS max, min(final_lower) AS "lastLower",
              min(final_upper) AS "lastUpper", bool_or(other) AS "limitsMixed",
              (SELECT array_agg(DISTINCT v ORDER BY v) FROM s, unnest(s.versions) AS v) AS versions,
              (SELECT json_agg(u.unit ORDER BY u.k) FROM (SELECT unit, min(k) AS k FROM s GROUP BY unit) u) AS units,
              coalesce(sum(n_outside) FILTER (WHERE NOT other AND n_outside IS NOT NULL), 0)::int AS outside,
              coalesce(json_agg(json_build_object('start', floor(extract(epoch FROM start) * 1000), 'spanMs', span,
                                                  'n', n, 'min', min_value, 'max', max_value) ORDER BY k)
                         FILTER (WHERE other OR n_outside IS NULL), '[]') AS others
         FROM c
       HAVING count(*) > 0`,
      [
        accountId,
        w.seqId,
        w.title,
        w.from,
        w.until,
        against !== null,
        against?.lower ?? null,
        against?.upper ?? null,
        ...parts.params,
      ],
    );
    return row ?? null;
  }

  /** The step's values in the window, in time order, with their limits, unit and version (a range's partial edge). */
  values(
    accountId: number,
    w: StepWindow,
  ): Promise<{ value: number; lower: number | null; upper: number | null; unit: string; version: number }[]> {
    return this.db.query(
      `SELECT v.value, v.lower, v.upper, v.unit, v.seq_version AS version ${VALUES_IN_WINDOW}
        ORDER BY v.start_time, v.run_id`,
      [accountId, w.seqId, w.title, w.from, w.until],
    );
  }

  /** How many values of the parts (days or quarter hours, by their first instant and length) fall outside the limits. */
  async outside(
    accountId: number,
    w: StepWindow,
    parts: SlotExtremes[],
    limits: SpecLimits,
  ): Promise<number> {
    if (parts.length === 0) return 0;
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n
         FROM unnest($6::float8[], $9::float8[]) q(ms, span)
         JOIN run_step_value v ON v.account_id = $1 AND v.seq_id = $2 AND v.title = $3
          AND v.start_time >= to_timestamp(q.ms / 1000) AND v.start_time < to_timestamp((q.ms + q.span) / 1000)
          AND v.start_time >= $4::timestamptz AND v.start_time < $5::timestamptz
        WHERE v.value < $7::float8 OR v.value > $8::float8`,
      [
        accountId,
        w.seqId,
        w.title,
        w.from,
        w.until,
        parts.map((p) => p.start),
        limits.lower ?? Number.NEGATIVE_INFINITY,
        limits.upper ?? Number.POSITIVE_INFINITY,
        parts.map((p) => p.spanMs),
      ],
    );
    return row?.n ?? 0;
  }

  /**
   * The counts per bin of `grid` of the days and slots in the window (quarter-hour aligned): each
   * part's fine bins coarsened to the grid's width (histogram.ts' coarseBin, exact in float8, as
   * both widths are powers of two) and added, without reading a value.
   */
  async binCounts(accountId: number, w: StepWindow, grid: HistogramGrid): Promise<number[]> {
    const counts = new Array<number>(grid.bins).fill(0);
    const parts = dayParts(w);
    const where = parts.where(8);
    const bins = [
      `SELECT d.bin_width, d.bins, d.bin_counts FROM run_step_day d WHERE ${where.days}`,
      ...where
        .quarters('run_step_slot_bin s')
        .map((slots) => `SELECT s.bin_width, s.bins, s.bin_counts FROM ${slots}`),
    ];
    // the open quarter hours' values binned on the grid itself, as the row-wise histogram bins them
    const values = where.open.map(
      (open) => `SELECT step_bin(v.value, $6::float8) AS b, 1 AS n FROM run_step_value v WHERE ${open}`,
    );
    const rows = await this.db.query<{ bin: number; n: number }>(
      `SELECT (h.b - $7::float8)::int AS bin, sum(h.n)::int AS n
         FROM (SELECT step_bin(h.b * p.bin_width, $6::float8) AS b, h.n
                 FROM (${bins.join(' UNION ALL ')}) p, unnest(p.bins, p.bin_counts) AS h(b, n)
               UNION ALL ${values.join(' UNION ALL ')}) h
        GROUP BY 1`,
      [accountId, w.seqId, w.title, w.from, w.until, grid.width, grid.first, ...parts.params],
    );
    for (const { bin, n } of rows) counts[bin] = n;
    return counts;
  }

  /**
   * Failed runs of the test in the range with no value of the step (run_failure without a
   * run_step_value row): those that may have a row without a number. Looked for only where the
   * counts do not tell: in the partial UTC days at the range's ends, and in a whole day whose failed
   * runs (run_failure_day) outnumber its failed runs' values (run_step_day.n_failed); there one
   * index probe per failed run (LATERAL ... LIMIT 1): as a NOT EXISTS, the planner hashed every
   * value of the step (docs/architecture.md, "The measurement analytics' roll-ups").
   */
  async failedWithoutValue(accountId: number, w: StepWindow): Promise<number[]> {
    const days = wholeDays(Date.parse(w.from), Date.parse(w.until));
    const rows = await this.db.query<{ id: number }>(
      `WITH failed AS (
         SELECT f.day, sum(f.runs) AS runs FROM run_failure_day f
          WHERE f.account_id = $1 AND f.seq_id = $2 AND NOT f.aborted AND f.day >= $6::date AND f.day < $7::date
          GROUP BY 1),
       valued AS (
         SELECT d.day, sum(d.n_failed) AS runs FROM run_step_day d
          WHERE d.account_id = $1 AND d.seq_id = $2 AND d.title = $3 AND d.day >= $6::date AND d.day < $7::date
          GROUP BY 1),
       windows AS (
         SELECT $4::timestamptz AS since, $8::timestamptz AS until
         UNION ALL SELECT $9::timestamptz, $5::timestamptz
         UNION ALL SELECT ${dayStart('f.day')}, ${dayStart('f.day')} + interval '1 day'
                     FROM failed f LEFT JOIN valued v ON v.day = f.day WHERE f.runs > coalesce(v.runs, 0))
       SELECT f.run_id::float8 AS id FROM windows w
         JOIN run_failure f ON f.account_id = $1 AND f.seq_id = $2 AND f.start_time >= w.since AND f.start_time < w.until
         LEFT JOIN LATERAL (SELECT 1 AS found FROM run_step_value v
                             WHERE v.account_id = f.account_id AND v.seq_id = f.seq_id AND v.title = $3
                               AND v.start_time = f.start_time AND v.run_id = f.run_id LIMIT 1) x ON true
        WHERE NOT f.aborted AND x.found IS NULL`,
      [
        accountId,
        w.seqId,
        w.title,
        w.from,
        w.until,
        isoDay(days.slots.from),
        isoDay(days.slots.until),
        iso(days.slots.from),
        iso(days.slots.until),
      ],
    );
    return rows.map((r) => r.id);
  }
}
