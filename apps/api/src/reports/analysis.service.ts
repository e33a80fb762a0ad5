import { Injectable } from '@nestjs/common';
import {
  controlLimits,
  controlSeries,
  decodeFloat32,
  pareto,
  NotFound,
  Refused,
  traceBand,
  derivedPlotOf,
  westernElectric,
  judgeSeries,
  JUDGE_MEMORY,
  packSeries,
  reduceSeries,
  reducedIndexes,
  windowOf,
  type CapabilityReport,
  type ControlChartReply,
  type FailedRun,
  type FailureParetoReport,
  type MeasuredStep,
  type StepRows,
  type TraceBandReport,
} from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { EditorService } from '../editor/editor.service';
import { AnalysisRepository, SeqRow, StepValueColumns } from './analysis.repository';
import {
  ANALYSIS_MSG,
  ControlChartQueryDto,
  FailedRunsQueryDto,
  FailureQueryDto,
  MeasuredStepsQueryDto,
  StepAnalysisQueryDto,
  TraceBandQueryDto,
} from './dto/analysis.dto';
import { ReportRange, reportRange } from './report-range';
import { SlotCapabilityReader } from './slot-capability';
import { StepSlotsRepository } from './step-slots.repository';
import { StepValueFoldRepository } from './step-value-fold.repository';

/** The messages of docs/api/reports.md, "Measurement analytics". */
export const ANALYSIS_REFUSALS = {
  noRuns: (seq: string) => `No passed or failed runs of test '${seq}' in the range`,
  noStep: (seq: string, step: string) => `Test '${seq}' has no step '${step}' in the range`,
  notNumeric: (step: string) =>
    `Step '${step}' has no numeric values in the range: text answers and prompts are not charted`,
  unitChanged: (step: string, units: string[]) =>
    `Step '${step}' changes unit inside the range (${units.map((u) => u || 'no unit').join(', ')}): values in different units are never averaged; choose a range with one unit`,
} as const;

const asLimit = (x: unknown): number | null => (typeof x === 'number' ? x : null);

/** The numeric rows of one step, in time order, and what the answer says about them. */
interface StepSeries {
  rows: StepRows;
  columns: StepValueColumns;
}

/** docs/requirements/measurement-analytics.md: the rules around the domain's statistics. */
@Injectable()
export class AnalysisService {
  constructor(
    private readonly repo: AnalysisRepository,
    private readonly editor: EditorService,
    private readonly slots: SlotCapabilityReader,
    private readonly stepSlots: StepSlotsRepository,
    private readonly fold: StepValueFoldRepository,
  ) {}

  async measuredSteps(acct: AccountCtx, query: MeasuredStepsQueryDto): Promise<MeasuredStep[]> {
    const seqId = Number(query.seq_id);
    await this.repo.seq(acct.accountId, seqId);
    return this.repo.measuredSteps(acct.accountId, seqId, reportRange(query));
  }

  /**
   * Capability merged from the step's quarter-hour statistics (slot-capability.ts): its cost
   * follows the range's quarter hours, not its runs, with the same refusals and counts as the
   * row-wise series. The account's queued runs are folded first (StepValueFoldRepository): the figures
   * include every run uploaded before the call.
   */
  async capability(acct: AccountCtx, query: StepAnalysisQueryDto): Promise<CapabilityReport> {
    const range = reportRange(query);
    const seqId = Number(query.seq_id);
    await this.fold.foldAccount(acct.accountId);
    // all at once (every read is of the account's rows; a test not the account's is a 404 still)
    const [seq, merged, notNumeric] = await Promise.all([
      this.repo.seq(acct.accountId, seqId),
      this.slots.read(acct.accountId, seqId, query.step, range),
      this.notNumeric(acct, seqId, query.step, range),
    ]);
    if (merged.n === 0) throw new Refused(await this.noValues(acct.accountId, seq, query.step, range));
    if (merged.units.length > 1) throw new Refused(ANALYSIS_REFUSALS.unitChanged(query.step, merged.units));
    const { figures, histogram, versions, lower, upper, limitsChanged } = merged;
    return {
      seqId,
      seqName: seq.name,
      step: query.step,
      unit: merged.units[0]!,
      versions,
      lower,
      upper,
      limitsChanged,
      notNumeric,
      figures,
      histogram,
    };
  }

  /**
   * The I-MR chart: limits from every point of the range, rules against the frozen limits when the
   * step has them (else the range's); with `width`, the reply holds only what a plot that wide can
   * show (chart-reduction.ts), of the zoom window if one is given, and every point a rule flags,
   * packed for the wire (chart-packing.ts).
   */
  async controlChart(acct: AccountCtx, query: ControlChartQueryDto): Promise<ControlChartReply> {
    const zoom = zoomOf(query);
    // sized by the screen, only the points that break a rule carry a serial number
    const sized = query.width !== undefined;
    await this.fold.foldAccount(acct.accountId);
    const [{ rows, columns }, frozen] = await Promise.all([
      this.series(acct, query, !sized),
      this.repo.frozenCentre(acct.accountId, Number(query.seq_id), query.step),
    ]);
    const { values } = columns;
    const limits = controlLimits(values);
    const rules = frozen
      ? judgeSeries(frozen, await this.valuesBefore(acct, query), values)
      : limits
        ? westernElectric(values, limits.centre, limits.sigmaWithin)
        : [];
    const points = controlSeries(columns, rules);
    const judged = { ...rows, limits, frozen: frozen ?? null };
    if (!sized) return { ...judged, points };
    const width = Number(query.width);
    const { from, to } = zoom
      ? windowOf(columns.times, zoom.start, zoom.stop)
      : { from: 0, to: values.length };
    const flagged = points.violations.map((v) => v.index);
    const reduced = reduceSeries(points, reducedIndexes(values, flagged, width, from, to), width);
    const breaking = reduced.points.violations.map((v) => v.index);
    const sns = columns.serialNumbers.at(breaking.map((k) => reduced.reduction.indexes[k]!));
    const withSns = reduced.points.values.map(() => '');
    breaking.forEach((k, j) => (withSns[k] = sns[j]!));
    return {
      ...judged,
      packed: packSeries({ ...reduced, points: { ...reduced.points, sns: withSns } }, values),
    };
  }

  /**
   * The step's values just before the range, as many as the judge carries: with frozen limits a
   * point is judged after the values before it, whichever range shows it, as at upload.
   */
  private valuesBefore(acct: AccountCtx, query: StepAnalysisQueryDto): Promise<number[]> {
    const range = reportRange(query);
    return this.repo.valuesBefore(acct.accountId, Number(query.seq_id), query.step, range.from, JUDGE_MEMORY);
  }

  async failures(acct: AccountCtx, query: FailureQueryDto): Promise<FailureParetoReport> {
    const range = reportRange(query);
    const seqs = await this.seqsOf(acct, query);
    const ids = seqs.map((s) => s.id);
    const [groups, versions] = await Promise.all([
      this.repo.failureGroups(acct.accountId, ids, range),
      this.repo.versions(acct.accountId, ids, range),
    ]);
    const names = new Map(seqs.map((s) => [s.id, s.name]));
    // a step is keyed by its test and title (several tests may share a title)
    const key = (seqId: number, step: string) => JSON.stringify([seqId, step]);
    const bars = pareto(
      groups.map((g) => ({
        aborted: g.aborted,
        runs: g.runs,
        failingSteps: g.steps.map((s) => key(g.seqId, s)),
      })),
      query.count,
    );
    const sum = (aborted: boolean) =>
      groups.filter((g) => g.aborted === aborted).reduce((a, g) => a + g.runs, 0);
    return {
      count: query.count,
      failedRuns: sum(false),
      abortedRuns: sum(true),
      versions: versions.map((v) => ({ ...v, seqName: names.get(v.seqId) ?? '' })),
      bars: bars.map(({ key: barKey, count, percent, cumulativePercent }) => {
        const [seqId, step] = barKey === null ? [null, null] : (JSON.parse(barKey) as [number, string]);
        const seqName = seqId === null ? null : (names.get(seqId) ?? '');
        return { seqId, seqName, step, count, percent, cumulativePercent };
      }),
    };
  }

  async failedRuns(acct: AccountCtx, query: FailedRunsQueryDto): Promise<FailedRun[]> {
    const range = reportRange(query);
    const aborted = query.aborted === '1';
    if (aborted === (query.step !== undefined))
      throw new Refused('step: Give either a step or aborted=1, not both');
    const seqs = await this.seqsOf(acct, query);
    const rows = await this.repo.failedRuns(
      acct.accountId,
      seqs.map((s) => s.id),
      range,
      aborted ? null : query.step!,
      query.count,
    );
    return rows.map((row) => ({
      ...row,
      startTime: row.startTime.toISOString(),
      value: asValue(row.value),
      lower: asValue(row.lower),
      upper: asValue(row.upper),
      unit: row.unit ?? '',
    }));
  }

  async traceBand(acct: AccountCtx, query: TraceBandQueryDto): Promise<TraceBandReport> {
    const range = reportRange(query);
    const seqId = Number(query.seq_id);
    await this.repo.seq(acct.accountId, seqId);
    const own =
      query.run_id === undefined
        ? null
        : await this.repo.ownTrace(acct.accountId, seqId, query.step, Number(query.run_id));
    const [traces, steps] = await Promise.all([
      this.repo.bandTraces(acct.accountId, seqId, query.step, range),
      this.editor.steps(seqId),
    ]);
    const decoded = traces.map((t) => ({ freqsMhz: decodeFloat32(t.freqs), values: decodeFloat32(t.vals) }));
    const ownFreqs = own ? decodeFloat32(own.freqs) : undefined;
    const band = traceBand(decoded, ownFreqs);
    const latest = own ?? traces[0];
    return {
      step: query.step,
      unit: latest?.unit ?? '',
      lower: asLimit(latest?.lower),
      upper: asLimit(latest?.upper),
      band,
      own: own ? { runId: own.runId, sn: own.sn, values: decodeFloat32(own.vals) } : null,
      // the band mixes runs, so the lines go where the test's step (as it is now) puts them
      plot: derivedPlotOf(query.step, steps) ?? null,
    };
  }

  /** The product's tests the Pareto covers: one (404 unless it is the product's) or all. */
  private async seqsOf(acct: AccountCtx, query: FailureQueryDto): Promise<SeqRow[]> {
    const seqs = await this.repo.productSeqs(acct.accountId, Number(query.product_id));
    if (query.seq_id === '-1') return seqs;
    const seq = seqs.find((s) => s.id === Number(query.seq_id));
    if (!seq) throw new NotFound('Test');
    return [seq];
  }

  /**
   * The step's numeric rows in the range, refused with a clear message when the test has no runs
   * there, no such step, only text answers, or values in more than one unit. The rows without a
   * number are counted among the failed runs (notNumericRows says why).
   */
  private async series(acct: AccountCtx, query: StepAnalysisQueryDto, withSns: boolean): Promise<StepSeries> {
    const range = reportRange(query);
    const seqId = Number(query.seq_id);
    const [seq, columns, notNumeric] = await Promise.all([
      this.repo.seq(acct.accountId, seqId),
      this.repo.stepValues(acct.accountId, seqId, query.step, range, withSns),
      this.notNumeric(acct, seqId, query.step, range),
    ]);
    const n = columns.values.length;
    if (n === 0) throw new Refused(await this.noValues(acct.accountId, seq, query.step, range));
    const { units } = columns;
    if (units.length > 1) throw new Refused(ANALYSIS_REFUSALS.unitChanged(query.step, units));
    // the limits in force at the last point; a second entry is a change within the range
    const { lower, upper } = columns.limits.at(-1)!;
    return {
      rows: {
        seqId,
        seqName: seq.name,
        step: query.step,
        unit: units[0]!,
        versions: [...new Set(columns.versions.map((v) => v.version))].sort((a, b) => a - b),
        lower,
        upper,
        limitsChanged: columns.limits.length > 1,
        notNumeric,
      },
      columns,
    };
  }

  /**
   * How many failed runs of the range have the step's row without a number (rows without a number
   * are counted among the failed runs): the failed runs without a value found from the day
   * roll-ups (StepSlotsRepository), not by setting every failed run against the values' runs, and
   * only those few read from run.
   */
  private async notNumeric(
    acct: AccountCtx,
    seqId: number,
    step: string,
    range: ReportRange,
  ): Promise<number> {
    const withoutValue = await this.stepSlots.failedWithoutValue(acct.accountId, {
      seqId,
      title: step,
      from: range.from,
      until: range.until,
    });
    return this.repo.notNumericRows(acct.accountId, seqId, step, range, withoutValue);
  }

  /** Why a step has no values in the range: no runs there, no such step, or only rows without a number. */
  private async noValues(accountId: number, seq: SeqRow, step: string, range: ReportRange): Promise<string> {
    if (!(await this.repo.hasRuns(accountId, seq.id, range))) return ANALYSIS_REFUSALS.noRuns(seq.name);
    return (await this.repo.hasStepRow(accountId, seq.id, step, range))
      ? ANALYSIS_REFUSALS.notNumeric(step)
      : ANALYSIS_REFUSALS.noStep(seq.name, step);
  }
}

/** The zoom window of a chart query: both ends or none, the stop not before the start. */
function zoomOf(query: ControlChartQueryDto): { start: number; stop: number } | null {
  if (query.zoom_start === undefined && query.zoom_stop === undefined) return null;
  const start = Number(query.zoom_start);
  const stop = Number(query.zoom_stop);
  if (!(stop >= start)) throw new Refused(ANALYSIS_MSG.zoomBoth);
  return { start, stop };
}

const asValue = (x: unknown): number | string | null =>
  typeof x === 'number' || typeof x === 'string' ? x : null;
