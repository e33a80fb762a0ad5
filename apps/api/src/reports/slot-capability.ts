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
  type SlotStatistics,
  type SpecLimits,
} from '@sweepline/domain';
import { iso, quarterHours } from './quarter-hours';
import type { ReportRange } from './report-range';
import {
  StepSlotsRepository,
  type SlotExtremes,
  type SlotsSummary,
  type StepWindow,
} from './step-slots.repository';

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

/**
 * A part of the range in time order: the whole quarter hours merged (read from the slots), or an
 * edge inside a quarter hour, one part per unit, read value by value.
 */
interface Part extends SlotStatistics {
  unit: string;
  lastLower: number | null;
  lastUpper: number | null;
  limitsMixed: boolean;
  versions: number[];
  /** Its values beyond the range's limits: a count, or the days and slots only their values can tell. */
  outside: (limits: SpecLimits) => { known: number; straddling: SlotExtremes[] };
  /** Its bins on the range's grid: an edge's from its values; the slots' counted in PostgreSQL. */
  fine: FineBins | null;
}

/** The days' and slots' part: their own count beyond the limits, else their min and max (slotOutside), else their values. */
function slotsPart(summary: SlotsSummary): Part {
  return {
    ...summary,
    unit: summary.units[0]!,
    outside: (limits) => {
      let known = summary.outside;
      const straddling: SlotExtremes[] = [];
      for (const other of summary.others) {
        const count = slotOutside(other, limits);
        if (count === null) straddling.push(other);
        else known += count;
      }
      return { known, straddling };
    },
    fine: null,
  };
}

/**
 * Capability from merged statistics (docs/measurements.md, "Capability from merged statistics"):
 * the whole UTC days inside the range merged in PostgreSQL from run_step_day, the quarter hours of
 * its partial days from run_step_slot (statistics, and the count beyond the limits kept per day
 * and slot) and their bins from run_step_slot_bin, and the range's
 * edges inside a quarter hour, if any (a range of local days never has one: zone offsets are
 * whole quarter hours), from the values themselves, so every answer is exact. Values are read
 * inside whole quarter hours only for a day or slot whose values had other limits than the
 * range's latest and straddle a limit.
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
    const edge = (part: { from: number; until: number }) =>
      part.from < part.until ? this.edge(accountId, window(part)) : Promise.resolve([]);
    // the edges first (none for local days): the tail's latest limits are the range's
    const [head, tail] = await Promise.all([edge(split.head), edge(split.tail)]);
    const latest = tail.at(-1);
    const summary =
      split.slots.from < split.slots.until
        ? await this.repo.summary(
            accountId,
            window(split.slots),
            latest ? { lower: latest.lastLower, upper: latest.lastUpper } : null,
          )
        : null;
    const parts: Part[] = [...head, ...(summary ? [slotsPart(summary)] : []), ...tail];
    const units = [
      ...new Set([...head.map((p) => p.unit), ...(summary?.units ?? []), ...tail.map((p) => p.unit)]),
    ];
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
    const straddling: SlotExtremes[] = [];
    let outside = 0;
    for (const p of parts) {
      const told = p.outside(limits);
      outside += told.known;
      straddling.push(...told.straddling);
    }
    const grid = histogramGrid(merged.min, merged.max, n, limits)!;
    const [more, counts] = await Promise.all([
      this.repo.outside(accountId, window(split.slots), straddling, limits),
      summary
        ? this.repo.binCounts(accountId, window(split.slots), grid)
        : Promise.resolve(new Array<number>(grid.bins).fill(0)),
    ]);
    const edges = parts.flatMap((p) => (p.fine ? [p.fine] : []));
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
        unit,
        lastLower: latest.lower,
        lastUpper: latest.upper,
        limitsMixed: own.some((r) => r.lower !== latest.lower || r.upper !== latest.upper),
        versions: [...new Set(own.map((r) => r.version))],
        outside: (limits: SpecLimits) => ({ known: countOutside(values, limits), straddling: [] }),
        fine: fineBins(values),
      };
    });
  }
}
