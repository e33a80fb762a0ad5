import type { VnaFormat } from './vna-channel';

/**
 * Complex data turned into what the analyzer displays (INSTRUMENTS.md section 4): Log Mag
 * 20·log10|S|, phase in degrees wrapped to (−180, 180], unwrapped phase, group delay
 * −dφ/dω in seconds, SWR (1+|Γ|)/(1−|Γ|). Smoothing is a moving average over an aperture given
 * in % of the span, as on the ENA, PNA and ZNB.
 */
const MIN_MAGNITUDE = 1e-20;
/** What the instruments display for |Γ| → 1 rather than infinity. */
const MAX_SWR = 9999;

export function formatTrace(pairs: Float64Array, freqs: Float64Array, format: VnaFormat): Float64Array {
  const n = freqs.length;
  const out = new Float64Array(n);
  if (format === 'MLOG' || format === 'SWR') {
    for (let k = 0; k < n; k++) {
      const m = Math.hypot(pairs[2 * k] as number, pairs[2 * k + 1] as number);
      out[k] =
        format === 'MLOG'
          ? 20 * Math.log10(Math.max(m, MIN_MAGNITUDE))
          : m >= 1
            ? MAX_SWR
            : Math.min(MAX_SWR, (1 + m) / (1 - m));
    }
    return out;
  }
  const phase = unwrappedDegrees(pairs, n);
  if (format === 'UPH') return phase;
  if (format === 'PHAS') return phase.map((p) => wrapDegrees(p));
  for (let k = 0; k < n; k++) {
    const lo = Math.max(0, k - 1);
    const hi = Math.min(n - 1, k + 1);
    const df = (freqs[hi] as number) - (freqs[lo] as number);
    out[k] = df > 0 ? -((phase[hi] as number) - (phase[lo] as number)) / (360 * df) : 0;
  }
  return out;
}

export function smooth(values: Float64Array, aperturePct: number): Float64Array {
  const n = values.length;
  const half = Math.round(((aperturePct / 100) * (n - 1)) / 2);
  if (half < 1) return values;
  const prefix = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) prefix[k + 1] = (prefix[k] as number) + (values[k] as number);
  return values.map((_, k) => {
    const lo = Math.max(0, k - half);
    const hi = Math.min(n - 1, k + half);
    return ((prefix[hi + 1] as number) - (prefix[lo] as number)) / (hi - lo + 1);
  });
}

/** Linear interpolation of a formatted trace at `xHz`, clamped to the sweep (a marker's reading). */
export function interpolate(freqs: Float64Array, values: Float64Array, xHz: number): number {
  const n = freqs.length;
  if (n === 1 || xHz <= (freqs[0] as number)) return values[0] as number;
  if (xHz >= (freqs[n - 1] as number)) return values[n - 1] as number;
  let k = 1;
  while ((freqs[k] as number) < xHz) k++;
  const f0 = freqs[k - 1] as number;
  const t = (xHz - f0) / ((freqs[k] as number) - f0);
  return (values[k - 1] as number) * (1 - t) + (values[k] as number) * t;
}

function unwrappedDegrees(pairs: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  let offset = 0;
  let previous = 0;
  for (let k = 0; k < n; k++) {
    const wrapped = (Math.atan2(pairs[2 * k + 1] as number, pairs[2 * k] as number) * 180) / Math.PI;
    if (k > 0) {
      const step = wrapped - previous;
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    previous = wrapped;
    out[k] = wrapped + offset;
  }
  return out;
}

function wrapDegrees(degrees: number): number {
  const wrapped = degrees - 360 * Math.floor((degrees + 180) / 360);
  return wrapped === -180 ? 180 : wrapped;
}
