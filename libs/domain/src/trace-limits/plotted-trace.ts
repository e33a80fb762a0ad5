/**
 * A stored trace (the analyzer's Log Mag dB or phase degrees, frequencies in MHz) as its action's
 * row draws it: SWR from the reflection's Log Mag, group delay in ns from the phase with the
 * runner's aperture, phase wrapped to (−180°, 180°] as analyzers display it.
 */
import { groupDelays } from '../trace-math/delay';
import { wrapPhase } from '../trace-math/phase-math';
import { swrFromLogMag } from '../trace-math/reflection';
import type { NumberArray } from '../trace-math/trace';
import type { LimitRow } from './limit-table';
import type { StepPlot } from './step-plot';

/** A trace on a MHz axis, as runs store it (runs/results.ts, TraceData). */
export interface MhzTrace {
  freqs_MHz: NumberArray;
  values: NumberArray;
}

export interface PlottedTrace {
  freqs_MHz: NumberArray;
  values: number[];
}

function delayValues(trace: MhzTrace, plot: StepPlot): number[] {
  const freqs_Hz = Array.from(trace.freqs_MHz, (f) => f * 1e6);
  const k = Math.max(1, Math.round((plot.apertureSteps ?? 2) / 2));
  return Array.from(groupDelays(freqs_Hz, trace.values, k), (s) => s * 1e9);
}

/** The trace in the row's plotted format. */
export function plottedTrace(row: LimitRow, plot: StepPlot, trace: MhzTrace): PlottedTrace {
  const values = (map: (v: number) => number) => Array.from(trace.values, map);
  switch (row.format) {
    case 'swr':
      return { freqs_MHz: trace.freqs_MHz, values: values(swrFromLogMag) };
    case 'groupDelay':
      return { freqs_MHz: trace.freqs_MHz, values: delayValues(trace, plot) };
    case 'phase':
      return { freqs_MHz: trace.freqs_MHz, values: values(wrapPhase) };
    default:
      return { freqs_MHz: trace.freqs_MHz, values: values((v) => v) };
  }
}
