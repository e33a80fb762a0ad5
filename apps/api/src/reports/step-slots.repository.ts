import { Injectable } from '@nestjs/common';
import type { HistogramGrid, SlotStatistics, SpecLimits } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';

/** A quarter hour of one step (run_step_slot, migration 1763860100000), with what capability's answer says. */
export interface StepSlot extends SlotStatistics {
  /** The slot's first instant, epoch ms. */
  start: number;
  unit: string;
  lastLower: number | null;
  lastUpper: number | null;
  limitsMixed: boolean;
  versions: number[];
  /** How many of its values fall beyond their own row's limits (run_step_slot_bin, migration 1763860400000). */
  outside: number | null;
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
 * quarter-hour statistics, a few rows per quarter hour with runs, and only where they cannot tell
 * (a range edge inside a quarter hour, a slot straddling a limit) the values themselves.
 */
@Injectable()
export class StepSlotsRepository {
  constructor(private readonly db: ReadDb) {}

  /** The step's slots starting in the window (quarter-hour aligned), in time order. */
  slots(accountId: number, w: StepWindow): Promise<StepSlot[]> {
    return this.db.query<StepSlot>(
      `SELECT floor(extract(epoch FROM slot_start) * 1000)::float8 AS start, unit, n, first_value AS first,
              last_value AS last, mean_offset AS "meanOffset", m2, mr_sum AS "mrSum", min_value AS min,
              max_value AS max, last_lower AS "lastLower", last_upper AS "lastUpper", limits_mixed AS "limitsMixed",
              versions, b.n_outside AS outside
         FROM run_step_slot s LEFT JOIN run_step_slot_bin b USING (account_id, seq_id, title, slot_start, unit)
        WHERE account_id = $1 AND seq_id = $2 AND title = $3
          AND slot_start >= $4::timestamptz AND slot_start < $5::timestamptz
        ORDER BY slot_start, unit`,
      [accountId, w.seqId, w.title, w.from, w.until],
    );
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
      `SELECT (floor(h.b * s.bin_width / $6::float8) - $7::float8)::int AS bin, sum(h.n)::int AS n
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
