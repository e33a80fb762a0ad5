/**
 * Ours: what a step result's trace needs to be drawn with its limits where they belong
 * (docs/measurements.md, "Limit lines"). The runner records it with the result, since a stored
 * trace keeps only frequencies and values and a test may be edited after the run.
 */
import { findAction } from '../catalogue/catalogue';
import type { GeneralNaParam } from '../params/params.types';
import type { Measurement } from '../trace-math/judge';
import { isRecord } from '../validation/shape';

export interface StepPlot {
  /** The step's action (catalogue.ts). */
  actionId: number;
  /** The step's band in MHz; a Phase step's one frequency is start = stop. Absent: the whole trace. */
  startFreq_MHz?: number;
  stopFreq_MHz?: number;
  /** Cross xMHz actions: the window width. */
  spanFreq_MHz?: number;
  /** Rejection and Coupler actions: the depending step's reference level, |S| dB. */
  ref_dB?: number;
  /** Group delay actions: the aperture the runner used, in frequency steps (2k, delay.ts). */
  apertureSteps?: number;
}

const NUMBER_KEYS = ['startFreq_MHz', 'stopFreq_MHz', 'spanFreq_MHz', 'ref_dB', 'apertureSteps'] as const;
const KEYS = new Set<string>(['actionId', ...NUMBER_KEYS]);

/** Why a value is not a StepPlot (the field at fault), or undefined when it is one. */
export function stepPlotError(value: unknown): string | undefined {
  if (!isRecord(value)) return '';
  const unknown = Object.keys(value).find((key) => !KEYS.has(key));
  if (unknown !== undefined) return unknown;
  if (typeof value.actionId !== 'number' || !findAction(value.actionId)) return 'actionId';
  return NUMBER_KEYS.find((key) => value[key] !== undefined && !Number.isFinite(value[key]));
}

/** The frequencies of a step's param that frame its trace (a PIM step has none). */
export type PlotParam = Partial<
  Pick<GeneralNaParam, 'startFreq_MHz' | 'stopFreq_MHz' | 'freq_MHz' | 'spanFreq_MHz'>
>;

/** The measurement, with what its lines depend on when it found it (RelativeMeasurement, DelayMeasurement). */
export type PlotMeasured = Measurement & {
  ref_dB?: number;
  apertureSteps?: number;
};

const numberOr = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The StepPlot the runner records with a step's traced result. */
export function stepPlotOf(actionId: number, param: PlotParam, measured?: PlotMeasured): StepPlot {
  const single = findAction(actionId)?.singleFrequency === true;
  const fields: Omit<StepPlot, 'actionId'> = {
    startFreq_MHz: numberOr(single ? param.freq_MHz : param.startFreq_MHz),
    stopFreq_MHz: numberOr(single ? param.freq_MHz : param.stopFreq_MHz),
    spanFreq_MHz: numberOr(param.spanFreq_MHz),
    ref_dB: numberOr(measured?.ref_dB),
    apertureSteps: numberOr(measured?.apertureSteps),
  };
  const set = Object.entries(fields).filter(([, value]) => value !== undefined);
  return { actionId, ...Object.fromEntries(set) };
}
