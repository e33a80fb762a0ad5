import type { GatingShape } from '@sweepline/domain';
import { gateTrace, TraceError } from '@sweepline/domain';
import { SIM_ERRORS } from '../scpi/sim-error';
import type { SimGate } from './vna-channel';

/**
 * The simulated analyzers gate with the software gate of libs/domain (Kaiser-skirted gate,
 * post-gate renormalization), so a gated trace from the simulator is what docs/measurements.md
 * describes.
 * Keysight shapes map one to one; R&S windows map by sidelobe level as the drivers send them
 * (RS_GATE_WINDOW), Hann sitting with Hamming [P].
 */
const SHAPE_OF: Readonly<Record<string, GatingShape>> = {
  MIN: 'Minimum',
  NORM: 'Normal',
  WIDE: 'Wide',
  MAX: 'Maximum',
  RECT: 'Minimum',
  HAMM: 'Normal',
  HANN: 'Normal',
  BOHM: 'Wide',
  DCH: 'Maximum',
};

/** The last gated result per sweep's data, so a sweep, its reads and its markers gate once. */
const gatedCache = new WeakMap<Float64Array, { key: string; pairs: Float64Array }>();

/**
 * The interleaved re/im `pairs` of a sweep with `gate` applied (new array). A gate the sweep
 * cannot resolve (beyond ±1/(2Δf), a single point) is a -221 settings conflict carrying the
 * trace maths' own explanation.
 */
export function gatedPairs(pairs: Float64Array, freqsHz: Float64Array, gate: SimGate): Float64Array {
  const n = freqsHz.length;
  const key = `${gate.type} ${gate.shape} ${gate.startS} ${gate.stopS} ${freqsHz[0]} ${freqsHz[n - 1]}`;
  const cached = gatedCache.get(pairs);
  if (cached?.key === key) return cached.pairs;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    re[k] = pairs[2 * k] as number;
    im[k] = pairs[2 * k + 1] as number;
  }
  const gated = gateOrRefuse(freqsHz, re, im, gate);
  const out = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    out[2 * k] = gated.re[k] as number;
    out[2 * k + 1] = gated.im[k] as number;
  }
  gatedCache.set(pairs, { key, pairs: out });
  return out;
}

function gateOrRefuse(freqsHz: Float64Array, re: Float64Array, im: Float64Array, gate: SimGate) {
  const shape = SHAPE_OF[gate.shape];
  if (!shape) throw new Error(`No gate shape for ${gate.shape}`);
  try {
    return gateTrace(
      { freqs_Hz: freqsHz, re, im },
      {
        type: gate.type === 'BPAS' ? 'Bandpass' : 'Notch',
        shape,
        start_s: gate.startS,
        stop_s: gate.stopS,
      },
    );
  } catch (error) {
    if (error instanceof TraceError) throw SIM_ERRORS.settingsConflict(`time gate: ${error.message}`);
    throw error;
  }
}
