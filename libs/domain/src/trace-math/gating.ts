/**
 * Time-domain gating in software, as the analyzers gate (INSTRUMENTS.md section 4; Keysight's
 * "Time Domain Analysis Using a Network Analyzer", application note 1287-12):
 * - The gate g(t): the rectangle [start, stop] convolved with a Kaiser kernel of half-width
 *   c = cutoff/span (kaiser.ts). −6 dB (½) exactly at start and stop, 1 from start + c to
 *   stop − c, 0 beyond c outside: no ripple and no sidelobes, the skirts the Keysight table's
 *   cutoff times. A gate narrower than 2c (the table's minimum span) never reaches 1, as on the
 *   instruments; narrowGateWarning says so.
 * - Band-pass: multiplying the time response by g is convolving the trace with the gate's
 *   frequency function G. The convolution runs over the measured band only: points beyond its
 *   ends count as zero (no wrap-around), so near each end part of G falls outside the data and
 *   the trace sags towards −6 dB. Post-gate renormalization undoes that: the result is divided
 *   by the gated response of a unit impulse at the gate's centre, so that impulse comes back
 *   exactly at every point, ends included; other responses come back with errors that grow
 *   towards the ends of the band (docs/measurements.md states where the table's ripple and
 *   sidelobe level hold).
 * - Notch: the original minus the band-pass result, so notch + band-pass = original exactly.
 * G is the exact Fourier transform of g, sampled at the trace's frequency step, so the gate
 * acts on the measured points alone (no frequency window, nothing divided out). The time
 * response repeats every 1/Δf: gate times must lie within ±1/(2Δf). Needs equally spaced
 * frequencies.
 */
import type { GatingFields, GatingShape, GatingType } from '../params/params.types';
import { fftInPlace, ifftInPlace, realFft } from './fft';
import { GATE_SHAPES, kaiserKernelSpectrum, kaiserStep } from './kaiser';
import { TraceError } from './trace-error';
import type { ComplexTrace, NumberArray } from './trace';
import { checkComplexTrace } from './trace';

export interface GateOptions {
  type: GatingType;
  shape: GatingShape;
  start_s: number;
  stop_s: number;
}

/** The gate of a step's gating fields (ns → s); unset times are a TraceError. */
export function gateOptionsOf(g: GatingFields): GateOptions {
  if (g.gatingStart_ns === null || g.gatingStop_ns === null) {
    throw new TraceError('param', 'Gating start and stop must be set');
  }
  return {
    type: g.gatingType,
    shape: g.gatingShape,
    start_s: g.gatingStart_ns * 1e-9,
    stop_s: g.gatingStop_ns * 1e-9,
  };
}

/** The narrowest gate that still reaches full height: twice the cutoff time. */
export function gateMinimumSpan_s(shape: GatingShape, span_Hz: number): number {
  return (2 * GATE_SHAPES[shape].cutoffSpans) / span_Hz;
}

/** The gate's height at time t (band-pass; 1 − this for a notch). */
export function gateValue(t_s: number, o: GateOptions, span_Hz: number): number {
  const { beta, cutoffSpans } = GATE_SHAPES[o.shape];
  const c = cutoffSpans / span_Hz;
  return kaiserStep((t_s - o.start_s) / c, beta) - kaiserStep((t_s - o.stop_s) / c, beta);
}

/** Δf of an equally spaced grid (steps may differ by 0.1 % of a step: rounded frequencies). */
function uniformStep(freqs_Hz: NumberArray): number {
  const n = freqs_Hz.length;
  const df = ((freqs_Hz[n - 1] as number) - (freqs_Hz[0] as number)) / (n - 1);
  for (let i = 1; i < n; i++) {
    const expected = (freqs_Hz[0] as number) + i * df;
    if (Math.abs((freqs_Hz[i] as number) - expected) > 1e-3 * df) {
      throw new TraceError(
        'nonUniform',
        `Gating needs equally spaced frequencies; index ${i} is off the grid`,
      );
    }
  }
  return df;
}

function checkGate(o: GateOptions, df: number): void {
  const limit = 1 / (2 * df);
  if (!(o.start_s < o.stop_s)) throw new TraceError('param', 'The gate start must be before its stop');
  if (o.start_s < -limit || o.stop_s > limit) {
    throw new TraceError(
      'param',
      `The gate must lie within ±${(limit * 1e9).toPrecision(4)} ns, the time range this sweep resolves (1/(2Δf))`,
    );
  }
}

/**
 * G at offsets 0, Δf, …, (n − 1)·Δf for the gate centred on t = 0 (real and even): the
 * rectangle's W·sinc(W·f) times the skirt kernel's spectrum, times Δf so that the discrete
 * convolution sums to g(0) = 1 over an unbounded band.
 */
function gateSpectrum(n: number, df: number, o: GateOptions, span_Hz: number): Float64Array {
  const { beta, cutoffSpans } = GATE_SHAPES[o.shape];
  const c = cutoffSpans / span_Hz;
  const width = o.stop_s - o.start_s;
  const k = new Float64Array(n);
  k[0] = df * width;
  for (let d = 1; d < n; d++) {
    const x = Math.PI * width * d * df;
    k[d] = ((df * width * Math.sin(x)) / x) * kaiserKernelSpectrum(d * df, c, beta);
  }
  return k;
}

/**
 * The renormalization: the gated response of a unit impulse at the gate's centre, seen from the
 * centre (all ones before the gate). At point k it is the sum of G over the offsets that fall
 * inside the band, −(n − 1 − k)…k, from running sums of the even kernel.
 */
function unitResponse(kernel: Float64Array): Float64Array {
  const n = kernel.length;
  const sums = new Float64Array(n + 1);
  for (let d = 0; d < n; d++) sums[d + 1] = (sums[d] as number) + (kernel[d] as number);
  const u = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    u[k] = (sums[k + 1] as number) + (sums[n - k] as number) - (kernel[0] as number);
  }
  return u;
}

/** The FFT length for an n-point trace: a power of two ≥ 2n, so nothing wraps around. */
function paddedLength(n: number): number {
  let m = 1;
  while (m < 2 * n) m <<= 1;
  return m;
}

interface GateFilter {
  /** The DFT of the even kernel laid out on the padded length (real: its imaginary parts are 0). */
  spectrum: Float64Array;
  /** The renormalization, unitResponse(kernel). */
  unit: Float64Array;
}

/**
 * Filters of recent gates by grid and gate: a sweep gated again with the same gate (the
 * simulator on every sweep, a re-measured step) skips the kernel's FFT, one FFT of three.
 * Invisible to callers, as fft.ts's plans.
 */
const filters = new Map<string, GateFilter>();

function filterOf(n: number, df: number, o: GateOptions, span_Hz: number): GateFilter {
  const key = `${n} ${df} ${span_Hz} ${o.shape} ${o.stop_s - o.start_s}`;
  let filter = filters.get(key);
  if (filter) return filter;
  const kernel = gateSpectrum(n, df, o, span_Hz);
  const m = paddedLength(n);
  const laid = new Float64Array(m);
  laid[0] = kernel[0] as number;
  for (let d = 1; d < n; d++) laid[d] = laid[m - d] = kernel[d] as number;
  filter = { spectrum: realFft(laid).re, unit: unitResponse(kernel) };
  if (filters.size >= 8) filters.clear();
  filters.set(key, filter);
  return filter;
}

/**
 * Linear convolution of the n points (re, im) with the gate's kernel, by radix-2 FFTs of the
 * padded length: the zero-padded data never meets its own wrapped copy.
 */
function convolveInBand(re: Float64Array, im: Float64Array, spectrum: Float64Array) {
  const n = re.length;
  const m = spectrum.length;
  const xr = new Float64Array(m);
  const xi = new Float64Array(m);
  xr.set(re);
  xi.set(im);
  fftInPlace(xr, xi);
  for (let j = 0; j < m; j++) {
    xr[j] = (xr[j] as number) * (spectrum[j] as number);
    xi[j] = (xi[j] as number) * (spectrum[j] as number);
  }
  ifftInPlace(xr, xi);
  return { re: xr.subarray(0, n), im: xi.subarray(0, n) };
}

/** The gated trace (new arrays, same frequencies). */
export function gateTrace(trace: ComplexTrace, o: GateOptions): ComplexTrace {
  checkComplexTrace(trace);
  const n = trace.freqs_Hz.length;
  if (n < 2) throw new TraceError('shape', 'Gating needs at least 2 points');
  const df = uniformStep(trace.freqs_Hz);
  checkGate(o, df);
  const span = (trace.freqs_Hz[n - 1] as number) - (trace.freqs_Hz[0] as number);
  const { spectrum, unit } = filterOf(n, df, o, span);
  // Turning point k by e^(+j2πkΔf·t0) moves the gate's centre t0 to t = 0, where G is real.
  const centre = (o.start_s + o.stop_s) / 2;
  const cos = new Float64Array(n);
  const sin = new Float64Array(n);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const turns = (k * df * centre) % 1;
    cos[k] = Math.cos(2 * Math.PI * turns);
    sin[k] = Math.sin(2 * Math.PI * turns);
    const r = trace.re[k] as number;
    const i = trace.im[k] as number;
    re[k] = r * (cos[k] as number) - i * (sin[k] as number);
    im[k] = r * (sin[k] as number) + i * (cos[k] as number);
  }
  const gated = convolveInBand(re, im, spectrum);
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    // renormalize, and turn back
    const r = (gated.re[k] as number) / (unit[k] as number);
    const i = (gated.im[k] as number) / (unit[k] as number);
    const passRe = r * (cos[k] as number) + i * (sin[k] as number);
    const passIm = i * (cos[k] as number) - r * (sin[k] as number);
    outRe[k] = o.type === 'Notch' ? (trace.re[k] as number) - passRe : passRe;
    outIm[k] = o.type === 'Notch' ? (trace.im[k] as number) - passIm : passIm;
  }
  return { freqs_Hz: trace.freqs_Hz, re: outRe, im: outIm };
}

export const GATING_MSG = {
  narrowGate: (shape: GatingShape, minimum_ns: number) =>
    `Gate narrower than the ${shape} minimum of ${Number(minimum_ns.toPrecision(3))} ns: the gated trace is distorted`,
} as const;

/**
 * The warning a gated step's measurement carries when its gate is narrower than its shape's
 * minimum span for the swept span (first to last frequency of the trace): the gate still gates,
 * as the analyzers do, but never reaches full height. Undefined when the step does not gate,
 * its times are unset, or the gate is wide enough.
 */
export function narrowGateWarning(g: GatingFields, freqs_Hz: NumberArray): string | undefined {
  if (!g.isGating || g.gatingStart_ns === null || g.gatingStop_ns === null || freqs_Hz.length < 2) {
    return undefined;
  }
  const span = (freqs_Hz[freqs_Hz.length - 1] as number) - (freqs_Hz[0] as number);
  if (!(span > 0)) return undefined;
  const minimum_ns = gateMinimumSpan_s(g.gatingShape, span) * 1e9;
  // a relative tolerance, so that a gate of exactly the minimum (5.6 ns at 1 GHz) is not narrower
  const width_ns = g.gatingStop_ns - g.gatingStart_ns;
  return width_ns < minimum_ns * (1 - 1e-9) ? GATING_MSG.narrowGate(g.gatingShape, minimum_ns) : undefined;
}
