/**
 * A range split for the quarter-hour roll-ups (run_step_slot, run_failure_slot): the whole UTC
 * quarter hours inside it, read from a roll-up, and its edges inside a quarter hour, read row by
 * row, so an answer is exact for any range. A range of local days has no edges (zone offsets are
 * whole quarter hours); the edges are for any other.
 */
const QUARTER_HOUR_MS = 15 * 60_000;

export interface QuarterHourSplit {
  /** Epoch ms, half-open: [head.from, head.until) before the slots, [tail.from, tail.until) after; empty when from = until. */
  head: { from: number; until: number };
  /** The slots starting in [from, until). */
  slots: { from: number; until: number };
  tail: { from: number; until: number };
}

const DAY_MS = 86_400_000;

/** The split of [from, until) (epoch ms). */
export const quarterHours = (from: number, until: number): QuarterHourSplit =>
  split(from, until, QUARTER_HOUR_MS);

/**
 * The whole UTC days inside [from, until) (epoch ms) as `slots`, and the partial days before and
 * after (the day roll-ups run_failure_day and run_version_day, migration 1763860410000).
 */
export const wholeDays = (from: number, until: number): QuarterHourSplit => split(from, until, DAY_MS);

/** The units of `unit` ms inside [from, until), and the edges. */
function split(from: number, until: number, unit: number): QuarterHourSplit {
  const innerFrom = Math.min(until, Math.ceil(from / unit) * unit);
  const innerUntil = Math.max(innerFrom, Math.floor(until / unit) * unit);
  return {
    head: { from, until: innerFrom },
    slots: { from: innerFrom, until: innerUntil },
    tail: { from: innerUntil, until },
  };
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** The UTC date of an epoch ms, as PostgreSQL's date text. */
export const isoDay = (ms: number) => iso(ms).slice(0, 10);
