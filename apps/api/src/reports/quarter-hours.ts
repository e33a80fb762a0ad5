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

/** The split of [from, until) (epoch ms). */
export function quarterHours(from: number, until: number): QuarterHourSplit {
  const innerFrom = Math.min(until, Math.ceil(from / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
  const innerUntil = Math.max(innerFrom, Math.floor(until / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
  return {
    head: { from, until: innerFrom },
    slots: { from: innerFrom, until: innerUntil },
    tail: { from: innerUntil, until },
  };
}

export const iso = (ms: number) => new Date(ms).toISOString();
