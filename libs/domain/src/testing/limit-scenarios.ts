/**
 * For every action that leaves a trace, and each limit it takes: a passing and a failing unit,
 * each judged by the domain's own measurement, as the runner records them (the stored trace in
 * MHz and the step result with its StepPlot). The limit-line specs here, on the web and in the
 * PDF check their lines against these units.
 */
import { ActionId, getAction } from '../catalogue/catalogue';
import { defaultParam } from '../params/defaults';
import type { CableParam, GeneralNaParam, PimCommonParam } from '../params/params.types';
import type { LimitRow, LimitStatistic } from '../trace-limits/limit-table';
import { LIMIT_TABLE } from '../trace-limits/limit-table';
import type { StepPlot } from '../trace-limits/step-plot';
import { stepPlotOf } from '../trace-limits/step-plot';
import { storedTrace } from '../trace-limits/stored-trace';
import { measureCable } from '../trace-math/cable';
import type { Measurement } from '../trace-math/judge';
import { measureGeneral } from '../trace-math/measure';
import { measurePim, pimTrace } from '../trace-math/pim';

export const SWEEP_MHZ = { start: 100, stop: 1000, points: 901 };
export const BAND_MHZ = { start: 500, stop: 700 };
export const SPAN_MHZ = 20;
/** The depending step's flat |S21|: Rejection and Coupler are relative to it. */
export const REF_DB = -1;

export interface ScenarioUnit {
  freqs_MHz: number[];
  values: number[];
  step: {
    plot: StepPlot;
    lower: number | null;
    upper: number | null;
    unit: string;
    value: number;
    result: 0 | 1;
  };
}

export interface Scenario {
  row: LimitRow;
  name: string;
  side: 'lower' | 'upper';
  passing: ScenarioUnit;
  failing: ScenarioUnit;
}

const FREQS = Array.from(
  { length: SWEEP_MHZ.points },
  (_, i) => SWEEP_MHZ.start + ((SWEEP_MHZ.stop - SWEEP_MHZ.start) * i) / (SWEEP_MHZ.points - 1),
);
const inBand = (f: number) => f >= BAND_MHZ.start && f <= BAND_MHZ.stop;
const middle = (BAND_MHZ.start + BAND_MHZ.stop) / 2;

/** A quantity's shape in the band, in units of its scale: a ripple of 2 peak to peak by default. */
interface Shape {
  shift?: number;
  ripple?: number;
  bump?: number;
}

/**
 * The quantity the step judges along the sweep. Outside the band it wanders far off, so a line
 * drawn over the whole sweep would be seen to be wrong; a PIM trace is all band.
 */
function quantity(base: number, scale: number, shape: Shape, banded: boolean): number[] {
  return FREQS.map((f) => {
    if (banded && !inBand(f)) return base + scale * 6 * Math.sin(f / 37);
    const ripple = (shape.ripple ?? 1) * Math.sin((2 * Math.PI * (f - BAND_MHZ.start)) / 40);
    const bump = (shape.bump ?? 0) * Math.exp(-(((f - middle) / 6) ** 2));
    return base + scale * ((shape.shift ?? 0) + ripple + bump);
  });
}

/** The shapes that make a statistic exceed (`upper`) or fall short of (`lower`) the passing unit's. */
const WORSE: Record<LimitStatistic, Record<'lower' | 'upper', Shape>> = {
  everyPoint: { upper: { bump: 3 }, lower: { bump: -3 } },
  max: { upper: { bump: 3 }, lower: { shift: -4 } },
  min: { upper: { shift: 4 }, lower: { bump: -3 } },
  average: { upper: { shift: 4 }, lower: { shift: -4 } },
  atFrequency: { upper: { shift: 4 }, lower: { shift: -4 } },
  variation: { upper: { ripple: 2 }, lower: { ripple: 0.25 } },
  crossVariation: { upper: { ripple: 2 }, lower: { ripple: 0.25 } },
  none: { upper: {}, lower: {} },
};

/** Where the quantity sits and how far a shape moves it, per plotted format. */
const LEVEL: Record<string, { base: number; scale: number }> = {
  logMag: { base: 10, scale: 1 },
  swr: { base: 1.5, scale: 0.05 },
  groupDelay: { base: 5, scale: 0.4 },
  phase: { base: 20, scale: 5 },
  pim: { base: -150, scale: 2 },
};

/** The trace as the analyzer hands it over, for a quantity along the sweep. */
const rawOf = (row: LimitRow, q: number[]) => storedTrace(row, FREQS, q, REF_DB);

function generalParam(actionId: ActionId, limits: Pick<GeneralNaParam, 'lower' | 'upper'>): GeneralNaParam {
  return {
    ...(defaultParam(actionId) as GeneralNaParam),
    ...limits,
    startFreq_MHz: BAND_MHZ.start,
    stopFreq_MHz: BAND_MHZ.stop,
    freq_MHz: middle,
    spanFreq_MHz: SPAN_MHZ,
  };
}

const hz = (freqs_MHz: number[]) => Float64Array.from(freqs_MHz, (f) => f * 1e6);

/** The unit as the runner measures, judges and records it. */
function measure(row: LimitRow, raw: number[], limits: { lower: number | null; upper: number | null }) {
  const { actionId } = row;
  if (row.format === 'pim') {
    const param = { ...(defaultParam(actionId) as PimCommonParam), ...limits, unit: 'dBm' as const };
    const readings = raw.map((pim_dBm, i) => ({ pim_dBm, imFreq_Hz: FREQS[i]! * 1e6 }));
    const trace = pimTrace(param, readings);
    return { m: measurePim(param, readings), plot: stepPlotOf(actionId, {}), values: trace.values };
  }
  if (actionId === ActionId.Cable) {
    const param: CableParam = {
      ...(defaultParam(actionId) as CableParam),
      startFreq_MHz: BAND_MHZ.start,
      stopFreq_MHz: BAND_MHZ.stop,
      transLossLimit_dB: limits.lower,
    };
    const flat = { freqs_Hz: hz(FREQS), values: FREQS.map(() => -30) };
    const m = measureCable(param, { s11: flat, s22: flat, s21: { freqs_Hz: hz(FREQS), values: raw } });
    return { m: m.transmission, plot: stepPlotOf(actionId, param), values: raw };
  }
  const param = generalParam(actionId, limits);
  const depending = { trace: { freqs_Hz: hz(FREQS), values: FREQS.map(() => REF_DB) }, param };
  const m: Measurement & { ref_dB?: number; apertureSteps?: number } = measureGeneral(actionId, {
    trace: { freqs_Hz: hz(FREQS), values: raw },
    param,
    depending,
  });
  return { m, plot: stepPlotOf(actionId, param, m), values: raw };
}

function unit(
  row: LimitRow,
  shape: Shape,
  limits: { lower: number | null; upper: number | null },
): ScenarioUnit {
  const { base, scale } = LEVEL[row.format]!;
  const { m, plot, values } = measure(
    row,
    rawOf(row, quantity(base, scale, shape, row.format !== 'pim')),
    limits,
  );
  return {
    freqs_MHz: FREQS,
    values,
    step: { plot, ...limits, unit: m.unit, value: m.value, result: m.result },
  };
}

/** The limit halfway between the passing unit's value and the failing one's. */
function scenario(row: LimitRow, side: 'lower' | 'upper'): Scenario {
  const open = { lower: null, upper: null };
  // a limit far off on this side makes an every-point step report the point this side judges
  const probe = { ...open, [side]: side === 'upper' ? 1e9 : -1e9 };
  const good = unit(row, {}, probe).step.value;
  const bad = unit(row, WORSE[row.statistic][side], probe).step.value;
  const limits = { ...open, [side]: (good + bad) / 2 };
  return {
    row,
    side,
    name: `${getAction(row.actionId).name}, ${side} limit`,
    passing: unit(row, {}, limits),
    failing: unit(row, WORSE[row.statistic][side], limits),
  };
}

/** A Cable step limits only its transmission from below (its ports' limits have no trace). */
const SIDES = (row: LimitRow): ('lower' | 'upper')[] =>
  row.actionId === ActionId.Cable ? ['lower'] : ['lower', 'upper'];

/** Every limited action of the table, each of its limits. */
export function limitScenarios(): Scenario[] {
  return LIMIT_TABLE.filter((row) => row.statistic !== 'none').flatMap((row) =>
    SIDES(row).map((side) => scenario(row, side)),
  );
}
