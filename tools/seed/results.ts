/**
 * Step results as the runner uploads them (docs/api/runs.md, the seven fields of docs/requirements/results.md#entities): a few variants per test of a passing, a failing and an aborted run, which the generated
 * runs share. Values are drawn around each step's nominal value and judged with the domain's
 * `judge`, so a row's result always agrees with its limits and a run's with its rows.
 */
import type {
  AlignParam,
  CableParam,
  ManualParam,
  MultipleChoiceParam,
  PimCommonParam,
  QuestionParam,
  SnpParam,
  Step,
  StepResult,
  StepVerdict,
  TextParam,
} from '@sweepline/domain';
import { ActionId, diffUnit, familyUnit, getAction, InstrumentId, judge } from '@sweepline/domain';
import type { StepSpec } from './catalogue';
import type { BuiltTest } from './tests';

export type Rng = () => number;

/** A small seeded generator (mulberry32): the same seed gives the same demo. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gauss(random: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const round = (x: number) => Math.round(x * 1000) / 1000;

interface Limits {
  lower: number | null;
  upper: number | null;
}

/** A value within the limits (good) or just beyond one of them (bad). */
function measured(limits: Limits, nominal: number, spread: number, good: boolean, random: Rng): number {
  if (!good) {
    const beyond = spread * (0.3 + random() * 1.5);
    return round(limits.upper !== null ? limits.upper + beyond : (limits.lower ?? nominal) - beyond);
  }
  for (let i = 0; i < 50; i++) {
    const value = round(nominal + spread * gauss(random));
    if (judge(value, limits) === 1) return value;
  }
  return round(nominal);
}

function row(
  title: string,
  limits: Limits,
  value: StepResult['value'],
  unit: string,
  result: StepVerdict,
): StepResult {
  return { title, isHeader: false, lower: limits.lower, upper: limits.upper, value, unit, result };
}

/** The result rows of one step: none for a prompt or a delay, three for a Cable step. */
export function stepRows(
  step: Step,
  spec: StepSpec,
  steps: readonly Step[],
  good: boolean,
  random: Rng,
): StepResult[] {
  const nominal = spec.nominal ?? 0;
  const spread = spec.spread ?? 0;
  const action = getAction(step.actionId);
  switch (action.paramKind) {
    case 'text': {
      if (action.shortName !== 'Header') return [];
      const text = (step.param as TextParam).value;
      return [{ title: text, isHeader: true, lower: null, upper: null, value: null, unit: '', result: 1 }];
    }
    case 'delay':
      return [];
    case 'question': {
      const p = step.param as QuestionParam;
      const answer = good ? p.answer : p.answer === 'yes' ? 'no' : 'yes';
      return [row(p.title, { lower: null, upper: null }, answer, '', good ? 1 : 0)];
    }
    case 'multipleChoice': {
      const p = step.param as MultipleChoiceParam;
      const chosen = p.optionArray.find((o) => o.checked === good) ?? p.optionArray[0]!;
      return [row(p.title, { lower: null, upper: null }, chosen.text, '', chosen.checked ? 1 : 0)];
    }
    case 'align':
      return (step.param as AlignParam).channelArray.map((c) =>
        row(c.title || step.name, { lower: null, upper: null }, null, '', good ? 1 : 0),
      );
    case 'snp':
      return [row(step.name, { lower: null, upper: null }, (step.param as SnpParam).value, '', 1)];
    case 'cable': {
      const p = step.param as CableParam;
      const unit = p.port12MeasType === 'SWR' ? '' : 'dB';
      const port = (n: 1 | 2, limit: number | null) => {
        const limits =
          p.port12MeasType === 'SWR'
            ? { lower: null, upper: limit }
            : { lower: Math.abs(limit ?? 0), upper: null };
        const value = measured(
          limits,
          p.port12MeasType === 'SWR' ? 1.12 : 25,
          p.port12MeasType === 'SWR' ? 0.04 : 2,
          true,
          random,
        );
        return row(`${p.title} port ${n} ${p.port12MeasType}`, limits, value, unit, judge(value, limits));
      };
      const through = { lower: p.transLossLimit_dB, upper: null };
      const value = measured(through, nominal, spread, good, random);
      return [
        port(1, p.port1Limit),
        port(2, p.port2Limit),
        row(`${p.title} transmission`, through, value, 'dB', judge(value, through)),
      ];
    }
    case 'manual':
    case 'general':
    case 'diff':
    case 'pimFix':
    case 'pimSweep': {
      const p = step.param as unknown as ManualParam & PimCommonParam;
      const limits = { lower: p.lower, upper: p.upper };
      const value = measured(limits, nominal, spread, good, random);
      const unit =
        action.paramKind === 'general'
          ? familyUnit(action.family!)
          : action.paramKind === 'diff'
            ? diffUnitOf(step, steps)
            : p.unit;
      return [row(p.title, limits, value, unit, judge(value, limits))];
    }
  }
}

function diffUnitOf(step: Step, steps: readonly Step[]): string {
  const p = step.param as unknown as { stepId1: number; stepId2: number };
  return diffUnit(
    steps.find((s) => s.id === p.stepId1),
    steps.find((s) => s.id === p.stepId2),
  );
}

/**
 * How each row of a step varies from run to run (the seed redraws the numeric rows of passing
 * runs per run from it: docs/seed.md, "Measurement patterns"); null for rows without a number.
 * In the order of stepRows' rows.
 */
export interface RowModel {
  nominal: number;
  spread: number;
  pattern: StepSpec['pattern'];
}

export function rowModels(step: Step, spec: StepSpec): (RowModel | null)[] {
  const own: RowModel = { nominal: spec.nominal ?? 0, spread: spec.spread ?? 0, pattern: spec.pattern };
  const action = getAction(step.actionId);
  switch (action.paramKind) {
    case 'text':
      return action.shortName === 'Header' ? [null] : [];
    case 'delay':
      return [];
    case 'question':
    case 'multipleChoice':
    case 'snp':
      return [null];
    case 'align':
      return (step.param as AlignParam).channelArray.map(() => null);
    case 'cable': {
      const swr = (step.param as CableParam).port12MeasType === 'SWR';
      const port: RowModel = { nominal: swr ? 1.12 : 25, spread: swr ? 0.04 : 2, pattern: undefined };
      return [port, port, own];
    }
    case 'manual':
    case 'general':
    case 'diff':
    case 'pimFix':
    case 'pimSweep':
      return spec.nominal === undefined ? [null] : [own];
  }
}

/** Steps that a failing run can fail at: every step that judges something. */
function failable(test: BuiltTest): number[] {
  return test.spec.steps
    .map((spec, i) => ({ spec, i, kind: getAction(spec.action).paramKind }))
    .filter(
      ({ spec, kind }) =>
        (spec.nominal !== undefined && !beyondWrappedPhase(spec)) ||
        kind === 'question' ||
        kind === 'multipleChoice',
    )
    .map(({ i }) => i);
}

/**
 * An analyzer's phase is wrapped into ±180°, so a Phase Max/Min limit at ±180° can never fail
 * (the simulators' filter reaches 179° on every unit): no seeded run fails it either.
 */
function beyondWrappedPhase(spec: StepSpec): boolean {
  const { lower, upper } = (spec.param ?? {}) as { lower?: number | null; upper?: number | null };
  if (spec.action === ActionId.PhaseMax) return upper != null && upper >= 180;
  if (spec.action === ActionId.PhaseMin) return lower != null && lower <= -180;
  return false;
}

export interface Template {
  result: 1 | 0 | -1;
  variant: number;
  steps: StepResult[];
  /**
   * The rows whose traces a run keeps (report-marked or failed): the row, its step's position in
   * the test, its action, and the step's band in MHz.
   */
  traced: { index: number; step: number; actionId: number; band: [number, number] }[];
  /** The rows measured by the network analyzer: a run names its calibration for these (issue 40). */
  naRows: number[];
}

function runRows(test: BuiltTest, badStep: number | undefined, upTo: number, random: Rng) {
  const steps: StepResult[] = [];
  const traced: Template['traced'] = [];
  const naRows: number[] = [];
  test.steps.slice(0, upTo).forEach((step, i) => {
    const rows = stepRows(step, test.spec.steps[i]!, test.steps, i !== badStep, random);
    if (getAction(step.actionId).instrumentId === InstrumentId.NetworkAnalyzer)
      naRows.push(...rows.map((_, r) => steps.length + r));
    const p = step.param as { isReportScreen?: boolean; startFreq_MHz?: number; stopFreq_MHz?: number };
    // the measured row of a swept step: the last (a Cable step's transmission)
    const last = rows[rows.length - 1];
    const swept = typeof p.startFreq_MHz === 'number' && typeof p.stopFreq_MHz === 'number';
    if (last && swept && typeof last.value === 'number' && (p.isReportScreen || last.result === 0)) {
      traced.push({
        index: steps.length + rows.length - 1,
        step: i,
        actionId: step.actionId,
        band: [p.startFreq_MHz!, p.stopFreq_MHz!],
      });
    }
    steps.push(...rows);
  });
  return { steps, traced, naRows };
}

/**
 * Failing runs per failable step: the first two of a test fail this many times as often as the
 * others, so a failure Pareto has a head (docs/seed.md, "Measurement patterns").
 */
const HEAD_WEIGHT = 10;

/**
 * `variants` passing runs, failing runs for each failable step (HEAD_WEIGHT of them for the first
 * two, one for the others; the run picks one at random), and two aborted halfway.
 */
export function templates(test: BuiltTest, variants: number, seed: number): Template[] {
  const random = rng(seed);
  const all = test.steps.length;
  const out: Template[] = [];
  for (let v = 0; v < variants; v++)
    out.push({ result: 1, variant: v, ...runRows(test, undefined, all, random) });
  const failing = failable(test).flatMap((bad, rank) => Array<number>(rank < 2 ? HEAD_WEIGHT : 1).fill(bad));
  failing.forEach((bad, v) => out.push({ result: 0, variant: v, ...runRows(test, bad, all, random) }));
  for (let v = 0; v < 2; v++)
    out.push({
      result: -1,
      variant: v,
      ...runRows(test, undefined, Math.max(1, Math.ceil(all / 2)), random),
    });
  return out;
}
