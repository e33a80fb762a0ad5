import {
  ActionId,
  alignmentTrace,
  getAction,
  measureAlign,
  measureCable,
  measureDiff,
  measureGeneral,
  stepPlotOf,
  traceFormatOf,
  type AlignParam,
  type Calibration,
  type CableParam,
  type DependingTrace,
  type DiffParam,
  type FormattedTrace,
  type GeneralNaParam,
  type SnpParam,
  type Step,
  type StepResult,
} from '@sweepline/domain';
import {
  alignTraceSetups,
  calibrationPortsOf,
  channelSetupOf,
  traceSetupOf,
  type NetworkAnalyzer,
} from '@sweepline/instruments';
import type { StepFile, StepOutput } from './rows';
import { NO_LIMITS, row, titleOf } from './rows';

/**
 * Network-analyzer steps: set up the channel of the step's calibration (each calibration of a
 * test has its own channel, 1 to 16), sweep, fetch the trace, and judge it with libs/domain.
 * What later steps need (a Diff's values, a Rejection's depending trace) is kept in `measured`.
 */
export interface MeasuredStep {
  readonly value?: number;
  readonly depending?: DependingTrace;
}

export interface NaContext {
  readonly na: NetworkAnalyzer;
  readonly cals: readonly Calibration[];
  readonly steps: readonly Step[];
  readonly measured: Map<number, MeasuredStep>;
  /** 1-based position of the step in the test, for file names. */
  readonly position: number;
}

/** Calibration i of the test (0-based) measures on channel i + 1. */
export function channelOf(
  cals: readonly Calibration[],
  calId: number,
): { channel: number; cal: Calibration } {
  const index = cals.findIndex((c) => c.id === calId);
  if (index < 0) throw new Error(`The step names calibration ${calId}, which the test does not have`);
  return { channel: index + 1, cal: cals[index]! };
}

const toMHz = (freqs: ArrayLike<number>) => Array.from(freqs, (f) => f / 1e6);

async function screenshotIf(ctx: NaContext, channel: number, wanted: boolean): Promise<StepFile[]> {
  if (!wanted) return [];
  const shot = await ctx.na.screenshot(channel, `step${ctx.position}.png`);
  return [{ kind: 'screenshot', fileName: shot.fileName, bytes: shot.data }];
}

async function sweepTraces(
  ctx: NaContext,
  channel: number,
): Promise<{ freqs: Float64Array; read: (t: number) => Promise<Float64Array> }> {
  await ctx.na.sweep(channel);
  const freqs = await ctx.na.frequencies(channel);
  return { freqs, read: (t) => ctx.na.formattedData(channel, t) };
}

async function general(step: Step, ctx: NaContext): Promise<StepOutput> {
  const p = step.param as GeneralNaParam;
  const format = traceFormatOf(step.actionId)!;
  const { channel, cal } = channelOf(ctx.cals, p.calId);
  await ctx.na.setupChannel(channel, channelSetupOf(cal, { averages: p.average }), [
    traceSetupOf(p.sParam, format, p),
  ]);
  const { freqs, read } = await sweepTraces(ctx, channel);
  const trace: FormattedTrace = { freqs_Hz: freqs, values: await read(1) };
  const action = getAction(step.actionId);
  const depending = action.usesDependingStep ? ctx.measured.get(p.bindStepId)?.depending : undefined;
  const m = measureGeneral(step.actionId, { trace, param: p, ...(depending ? { depending } : {}) });
  ctx.measured.set(step.id, {
    value: m.value,
    ...(format === 'logMag' ? { depending: { trace, param: p } } : {}),
  });
  return {
    rows: [{ ...row(titleOf(step), p, m.value, m.unit, m.result), plot: stepPlotOf(step.actionId, p, m) }],
    traces: [{ row: 0, freqs_MHz: toMHz(freqs), values: Array.from(trace.values), report: p.isReportScreen }],
    files: await screenshotIf(ctx, channel, p.isReportScreen),
    calIds: [p.calId],
  };
}

async function cable(step: Step, ctx: NaContext): Promise<StepOutput> {
  const p = step.param as CableParam;
  const { channel, cal } = channelOf(ctx.cals, p.calId);
  // the calibration's two ports: a's and b's match and the transmission from a to b
  const [a = 1, b = 2] = calibrationPortsOf(cal).ports;
  const traces = [`S${a}${a}`, `S${b}${b}`, `S${b}${a}`].map((s) => traceSetupOf(s, 'logMag', p));
  await ctx.na.setupChannel(channel, channelSetupOf(cal, { averages: p.average }), traces);
  const { freqs, read } = await sweepTraces(ctx, channel);
  const [s11, s22, s21] = [await read(1), await read(2), await read(3)];
  const m = measureCable(p, {
    s11: { freqs_Hz: freqs, values: s11 },
    s22: { freqs_Hz: freqs, values: s22 },
    s21: { freqs_Hz: freqs, values: s21 },
  });
  const swr = p.port12MeasType === 'SWR';
  const portRow = (n: 1 | 2, limit: number | null, value: number, result: 0 | 1): StepResult =>
    row(
      `${titleOf(step)} port ${n} ${p.port12MeasType}`,
      swr ? { lower: null, upper: limit } : { lower: limit === null ? null : Math.abs(limit), upper: null },
      value,
      swr ? '' : 'dB',
      result,
    );
  ctx.measured.set(step.id, { value: m.value });
  return {
    rows: [
      portRow(1, p.port1Limit, m.port1.value, m.port1.result),
      portRow(2, p.port2Limit, m.port2.value, m.port2.result),
      {
        ...row(
          `${titleOf(step)} transmission`,
          { lower: p.transLossLimit_dB, upper: null },
          m.transmission.value,
          'dB',
          m.transmission.result,
        ),
        plot: stepPlotOf(step.actionId, p),
      },
    ],
    traces: [{ row: 2, freqs_MHz: toMHz(freqs), values: Array.from(s21), report: p.isReportScreen }],
    files: await screenshotIf(ctx, channel, p.isReportScreen),
    calIds: [p.calId, p.calId, p.calId],
  };
}

async function align(step: Step, ctx: NaContext): Promise<StepOutput> {
  const p = step.param as AlignParam;
  const data: FormattedTrace[][] = [];
  for (const a of p.channelArray) {
    const { channel, cal } = channelOf(ctx.cals, a.calId);
    const setups = alignTraceSetups(a);
    await ctx.na.setupChannel(
      channel,
      channelSetupOf(cal, { averages: a.average, ifbwHz: a.IFBW_Hz }),
      setups,
    );
    const { freqs, read } = await sweepTraces(ctx, channel);
    const traces: FormattedTrace[] = [];
    for (let t = 1; t <= setups.length; t++) traces.push({ freqs_Hz: freqs, values: await read(t) });
    data.push(traces);
  }
  const m = measureAlign(p, data);
  // each alignment's row keeps the trace it shows active (no report mark: kept when it failed)
  const shown = p.channelArray.map((a, i) => alignmentTrace(a, data[i] ?? []));
  return {
    rows: m.channels.map((c, i) =>
      row(c.title || step.name, NO_LIMITS, null, shown[i]?.unit ?? '', c.result),
    ),
    traces: shown.flatMap((t, i) =>
      t ? [{ row: i, freqs_MHz: t.freqs_MHz, values: t.values, report: false }] : [],
    ),
    calIds: m.channels.map((_, i) => p.channelArray[i]!.calId),
  };
}

function diff(step: Step, ctx: NaContext): StepOutput {
  const p = step.param as DiffParam;
  const value = (id: number) => {
    const s = ctx.steps.find((x) => x.id === id);
    const v = ctx.measured.get(id)?.value;
    if (!s || v === undefined)
      throw new Error(`The Diff needs the value of step id ${id}, which was not measured`);
    return { step: s, value: v };
  };
  const m = measureDiff(p, value(p.stepId1), value(p.stepId2));
  ctx.measured.set(step.id, { value: m.value });
  return { rows: [row(titleOf(step), p, m.value, m.unit, m.result)] };
}

/** The SnP file of the calibration the test measured last (or its first): all of its ports. */
async function saveSnp(step: Step, ctx: NaContext): Promise<StepOutput> {
  const p = step.param as SnpParam;
  const before = ctx.steps.slice(0, ctx.position - 1).reverse();
  const calId = before
    .map((s) => (s.param as { calId?: number }).calId)
    .find((id) => id !== undefined && id >= 0);
  const { channel, cal } = channelOf(ctx.cals, calId ?? ctx.cals[0]?.id ?? -1);
  const file = await ctx.na.saveSnp(channel, calibrationPortsOf(cal).ports, p.value);
  return {
    rows: [row(step.name, NO_LIMITS, p.value, '', 1)],
    files: [{ kind: 'snp', fileName: file.fileName, bytes: file.data }],
    calIds: [cal.id],
  };
}

export function runNaStep(step: Step, ctx: NaContext): Promise<StepOutput> {
  switch (step.actionId) {
    case ActionId.Cable:
      return cable(step, ctx);
    case ActionId.Align:
      return align(step, ctx);
    case ActionId.Diff:
      return Promise.resolve(diff(step, ctx));
    case ActionId.SaveSnp:
      return saveSnp(step, ctx);
    default:
      return general(step, ctx);
  }
}
