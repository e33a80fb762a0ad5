import { Injectable } from '@nestjs/common';
import {
  capabilityOfStatistics,
  addFineBins,
  countOutside,
  fineBins,
  histogramGrid,
  histogramOf,
  mergeAll,
  slotOutside,
  slotStatistics,
  type CapabilityFigures,
  type FineBins,
  type HistogramBin,
  type SpecLimits,
} from '@sweepline/domain';
import { iso, quarterHours } from './quarter-hours';
import type { ReportRange } from './report-range';
import { StepSlotsRepository, type StepSlot, type StepWindow } from './step-slots.repository';

/** What capability's answer needs of a step over a range, from its quarter hours. */
export interface SlotCapability {
  n: number;
  /** The units in time order of their first value. */
  units: string[];
  versions: number[];
  lower: number | null;
  upper: number | null;
  limitsChanged: boolean;
  figures: CapabilityFigures;
  histogram: HistogramBin[];
}

/** A part of the range: whole quarter hours read from run_step_slot, or an edge read value by value. */
type Part = StepSlot & { edge?: { outside: (limits: SpecLimits) => number; bins: FineBins } };

/**
 * How many of a part's values fall outside the range's limits, when the part tells: an edge counts
 * its values; a slot whose values all have the range's limits has counted them as they came; else
 * its min and max may tell (slotOutside). null: only its values can.
 */
function knownOutside(p: Part, limits: SpecLimits): number | null {
  if (p.edge) return p.edge.outside(limits);
  if (p.outside !== null && !p.limitsMixed && p.lastLower === limits.lower && p.lastUpper === limits.upper)
    return p.outside;
  return slotOutside(p, limits);
}

/**
 * Capability from merged statistics (docs/measurements.md, "Capability from merged statistics"):
 * the quarter hours inside the range from run_step_slot (statistics, bins and the count beyond
 * the limits), and the range's edges inside a quarter hour, if any (a range of local days never
 * has one: zone offsets are whole quarter hours), from the values themselves, so every answer is
 * exact. Values are read inside whole quarter hours only for a slot whose values had other limits
 * than the range's latest and straddle a limit.
 */
@Injectable()
export class SlotCapabilityReader {
  constructor(private readonly repo: StepSlotsRepository) {}

  async read(accountId: number, seqId: number, title: string, range: ReportRange): Promise<SlotCapability> {
    const split = quarterHours(Date.parse(range.from), Date.parse(range.until));
    const window = (part: { from: number; until: number }): StepWindow => ({
      seqId,
      title,
      from: iso(part.from),
      until: iso(part.until),
    });
    const whole = window({ from: split.head.from, until: split.tail.until });
    const edge = (part: { from: number; until: number }) =>
      part.from < part.until ? this.edge(accountId, window(part)) : Promise.resolve([]);
    const [head, slots, tail] = await Promise.all([
      edge(split.head),
      split.slots.from < split.slots.until
        ? this.repo.slots(accountId, window(split.slots))
        : Promise.resolve([]),
      edge(split.tail),
    ]);
    const parts: Part[] = [...head, ...slots, ...tail];
    const units = [...new Set(parts.map((p) => p.unit))];
    const last = parts.at(-1);
    const limits: SpecLimits = { lower: last?.lastLower ?? null, upper: last?.lastUpper ?? null };
    const merged = units.length === 1 ? mergeAll(parts) : null;
    const n = parts.reduce((sum, p) => sum + p.n, 0);
    const base = {
      n,
      units,
      versions: [...new Set(parts.flatMap((p) => p.versions))].sort((a, b) => a - b),
      ...limits,
      limitsChanged: parts.some(
        (p) => p.limitsMixed || p.lastLower !== limits.lower || p.lastUpper !== limits.upper,
      ),
    };
    if (!merged) return { ...base, figures: capabilityOfStatistics(null, limits, 0), histogram: [] };
    const straddling: number[] = [];
    let outside = 0;
    for (const p of parts) {
      const known = knownOutside(p, limits);
      if (known === null) straddling.push(p.start);
      else outside += known;
    }
    const grid = histogramGrid(merged.min, merged.max, n, limits)!;
    const [more, counts] = await Promise.all([
      this.repo.outside(accountId, whole, straddling, limits),
      slots.length > 0
        ? this.repo.binCounts(accountId, window(split.slots), grid)
        : Promise.resolve(new Array<number>(grid.bins).fill(0)),
    ]);
    const edges = [...head, ...tail].map((p) => p.edge!.bins);
    return {
      ...base,
      figures: capabilityOfStatistics(merged, limits, outside + more),
      histogram: histogramOf(grid, addFineBins(grid, counts, edges)),
    };
  }

  /** An edge of the range inside a quarter hour, as parts of one unit each (read value by value). */
  private async edge(accountId: number, w: StepWindow): Promise<Part[]> {
    const rows = await this.repo.values(accountId, w);
    const units = [...new Set(rows.map((r) => r.unit))];
    return units.map((unit) => {
      const own = rows.filter((r) => r.unit === unit);
      const values = own.map((r) => r.value);
      const latest = own.at(-1)!;
      return {
        ...slotStatistics(values),
        start: Date.parse(w.from),
        unit,
        lastLower: latest.lower,
        lastUpper: latest.upper,
        limitsMixed: own.some((r) => r.lower !== latest.lower || r.upper !== latest.upper),
        versions: [...new Set(own.map((r) => r.version))],
        // an edge counts its values against the range's limits (edge.outside), not its own
        outside: 0,
        edge: { outside: (limits: SpecLimits) => countOutside(values, limits), bins: fineBins(values) },
      };
    });
  }
}
