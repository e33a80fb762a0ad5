/**
 * The inverse of plottedTrace: a step's quantity along the sweep (insertion loss in positive dB,
 * SWR, group delay in ns, phase in degrees) as the analyzer hands its trace over and the runner
 * stores it (|S| Log Mag dB, or phase degrees): so a made-up trace (the demo seed, the limit-line
 * scenarios) is drawn and judged as a measured one (docs/measurements.md, "Limit lines").
 */
import { wrapPhase } from '../trace-math/phase-math';
import type { NumberArray } from '../trace-math/trace';
import type { LimitRow } from './limit-table';

/** The analyzer's phase of a path whose group delay is `ns` along the sweep (τ = −dφ/dω). */
function phaseOfDelay(freqs_MHz: NumberArray, ns: readonly number[]): number[] {
  let phase = 0;
  return ns.map((tau, i) => {
    if (i > 0) phase -= 360 * (freqs_MHz[i]! - freqs_MHz[i - 1]!) * 1e6 * ((tau + ns[i - 1]!) / 2) * 1e-9;
    return wrapPhase(phase);
  });
}

/**
 * The stored trace of a quantity along the sweep. `ref_dB` is the depending step's |S| for a
 * relative action (Rejection, Coupler: |S21| = Ref − rejection); 0 where it is not known.
 */
export function storedTrace(
  row: LimitRow,
  freqs_MHz: NumberArray,
  quantity: readonly number[],
  ref_dB = 0,
): number[] {
  switch (row.format) {
    case 'swr':
      return quantity.map((s) => 20 * Math.log10((s - 1) / (s + 1)));
    case 'groupDelay':
      return phaseOfDelay(freqs_MHz, quantity);
    case 'logMag':
      return quantity.map((v) => (row.relative ? ref_dB : 0) + row.sign * v);
    default:
      return [...quantity];
  }
}
