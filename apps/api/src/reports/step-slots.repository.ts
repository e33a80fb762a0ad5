import { Injectable } from '@nestjs/common';
import type { HistogramGrid, SlotStatistics, SpecLimits } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';

/** A slot's count and extremes: what slotOutside needs to tell its count beyond the limits. */
export interface SlotExtremes extends Pick<SlotStatistics, 'n' | 'min' | 'max'> {
  /** The slot's first instant, epoch ms. */
  start: number;
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

/**
 * Capability's reads over a range (docs/performance.md, "Measurement analytics"): the step's
 * quarter-hour statistics and bins merged in PostgreSQL, and only where they cannot tell (a range
 * edge inside a quarter hour, a slot of other limits straddling a limit) the values themselves.
 */
@Injectable()
export class StepSlotsRepository {
  constructor(private readonly db: ReadDb) {}

  /**
   * The step's slots starting in the window (quarter-hour aligned) merged into one, in a single
   * row: statistics by the parallel form of Chan et al.'s merge (each slot's mean about the first
   * slot's first value: d = (first − origin) + meanOffset; x̄ offset = Σ n·d / N, M2 = Σ M2 +
   * Σ n·(d − x̄ offset)², all terms positive), the moving ranges across the seams (|first − the
   * previous slot's last|), and the count beyond `against` (else the last slot's limits) kept per
   * slot. Sent as one row: 8,640 slot rows of 90 days took longer to send and parse than to read
   * (docs/performance/history/analysis.md). Window functions and one aggregate, no joins of the
   * slots with one-row parts: those made the planner expect 100,000 rows and spend 150-200 ms on
   * JIT compiling. null when the window has no slot.
   */
  async summary(accountId: number, w: StepWindow, against: SpecLimits | null): Promise<SlotsSummary | null> {
    const [row] = await this.db.query<SlotsSummary>(
      `WITH s AS (
         SELECT s.slot_start, s.unit, s.n, s.first_value, s.last_value, s.mean_offset, s.m2, s.mr_sum, s.min_value,
                s.max_value, s.last_lower, s.last_upper, s.limits_mixed, s.versions, b.n_outside,
                row_number() OVER w AS k, lag(s.last_value) OVER w AS prev_last, first_value(s.first_value) OVER w AS origin,
                last_value(s.last_value) OVER whole AS final_last, last_value(s.last_lower) OVER whole AS final_lower,
                last_value(s.last_upper) OVER whole AS final_upper
           FROM run_step_slot s
           LEFT JOIN run_step_slot_bin b
             ON b.account_id = s.account_id AND b.seq_id = s.seq_id AND b.title = s.title AND b.slot_start = s.slot_start
            AND b.unit = s.unit AND b.slot_start >= $4::timestamptz AND b.slot_start < $5::timestamptz
          WHERE s.account_id = $1 AND s.seq_id = $2 AND s.title = $3
            AND s.slot_start >= $4::timestamptz AND s.slot_start < $5::timestamptz
         WINDOW w AS (ORDER BY s.slot_start, s.unit), whole AS (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)),
       d AS (
         SELECT s.*, (s.first_value - s.origin) + s.mean_offset AS d,
                s.limits_mixed OR (s.last_lower, s.last_upper) IS DISTINCT FROM
                  (CASE WHEN $6 THEN $7::float8 ELSE s.final_lower END, CASE WHEN $6 THEN $8::float8 ELSE s.final_upper END)
                  AS other
           FROM s),
       c AS (SELECT d.*, sum(n * d) OVER () / sum(n) OVER () AS centre FROM d)
       SELECT sum(n)::int AS n, min(origin) AS first, min(final_last) AS last, min(centre) AS "meanOffset",
              sum(m2) + sum(n * (d - centre) * (d - centre)) AS m2,
              sum(mr_sum) + coalesce(sum(abs(first_value - prev_last)), 0) AS "mrSum",
              min(min_value) AS min, max(max_value) AS max, min(final_lower) AS "lastLower",
              min(final_upper) AS "lastUpper", bool_or(other) AS "limitsMixed",
              (SELECT array_agg(DISTINCT v ORDER BY v) FROM s, unnest(s.versions) AS v) AS versions,
              (SELECT json_agg(u.unit ORDER BY u.k) FROM (SELECT unit, min(k) AS k FROM s GROUP BY unit) u) AS units,
              coalesce(sum(n_outside) FILTER (WHERE NOT other AND n_outside IS NOT NULL), 0)::int AS outside,
              coalesce(json_agg(json_build_object('start', floor(extract(epoch FROM slot_start) * 1000), 'n', n,
                                                  'min', min_value, 'max', max_value) ORDER BY k)
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

  /** How many values of the quarter hours starting at `slotStarts` (epoch ms) fall outside the limits. */
  async outside(accountId: number, w: StepWindow, slotStarts: number[], limits: SpecLimits): Promise<number> {
    if (slotStarts.length === 0) return 0;
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n
         FROM unnest($6::float8[]) q(ms)
         JOIN run_step_value v ON v.account_id = $1 AND v.seq_id = $2 AND v.title = $3
          AND v.start_time >= to_timestamp(q.ms / 1000) AND v.start_time < to_timestamp(q.ms / 1000) + interval '15 minutes'
          AND v.start_time >= $4::timestamptz AND v.start_time < $5::timestamptz
        WHERE v.value < $7::float8 OR v.value > $8::float8`,
      [
        accountId,
        w.seqId,
        w.title,
        w.from,
        w.until,
        slotStarts,
        limits.lower ?? Number.NEGATIVE_INFINITY,
        limits.upper ?? Number.POSITIVE_INFINITY,
      ],
    );
    return row?.n ?? 0;
  }

  /**
   * The counts per bin of `grid` of the slots starting in the window (quarter-hour aligned): each
   * slot's fine bins coarsened to the grid's width (histogram.ts' coarseBin, exact in float8, as
   * both widths are powers of two) and added, without reading a value.
   */
  async binCounts(accountId: number, w: StepWindow, grid: HistogramGrid): Promise<number[]> {
    const counts = new Array<number>(grid.bins).fill(0);
    const rows = await this.db.query<{ bin: number; n: number }>(
      `SELECT (step_bin(h.b * s.bin_width, $6::float8) - $7::float8)::int AS bin, sum(h.n)::int AS n
         FROM run_step_slot_bin s, unnest(s.bins, s.bin_counts) AS h(b, n)
        WHERE s.account_id = $1 AND s.seq_id = $2 AND s.title = $3
          AND s.slot_start >= $4::timestamptz AND s.slot_start < $5::timestamptz
        GROUP BY 1`,
      [accountId, w.seqId, w.title, w.from, w.until, grid.width, grid.first],
    );
    for (const { bin, n } of rows) counts[bin] = n;
    return counts;
  }

  /**
   * Failed runs of the test in the range with no value of the step (run_failure without a
   * run_step_value row): those that may have a row without a number. One index probe per failed
   * run (LATERAL ... LIMIT 1): as a NOT EXISTS, the planner hashed every value of the step
   * (docs/architecture.md, "The measurement analytics' roll-ups").
   */
  async failedWithoutValue(accountId: number, w: StepWindow): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT f.run_id::float8 AS id FROM run_failure f
         LEFT JOIN LATERAL (SELECT 1 AS found FROM run_step_value v
                             WHERE v.account_id = f.account_id AND v.seq_id = f.seq_id AND v.title = $3
                               AND v.start_time = f.start_time AND v.run_id = f.run_id LIMIT 1) x ON true
        WHERE f.account_id = $1 AND f.seq_id = $2 AND NOT f.aborted
          AND f.start_time >= $4::timestamptz AND f.start_time < $5::timestamptz AND x.found IS NULL`,
      [accountId, w.seqId, w.title, w.from, w.until],
    );
    return rows.map((r) => r.id);
  }
}
