import type { Complex } from './complex';
import { complex, div, mul, ONE, sub } from './complex';

/**
 * Normalised all-pole low-pass prototypes (INSTRUMENTS.md section 6): H(s) = K / Π(s − p_k),
 * with the band edge at Ω = 1 (Chebyshev: the edge of the ripple band; Butterworth: −3 dB).
 * Evaluating the poles rather than only |H|² gives the phase, so group delay peaks at the band
 * edges as on a real filter.
 */
export type PrototypeResponse = 'chebyshev' | 'butterworth';

export interface LowPassPrototype {
  readonly order: number;
  readonly poles: readonly Complex[];
  readonly gain: number;
}

export function butterworthPrototype(order: number): LowPassPrototype {
  const poles = Array.from({ length: order }, (_, i) => {
    const theta = (Math.PI * (2 * (i + 1) + order - 1)) / (2 * order);
    return complex(Math.cos(theta), Math.sin(theta));
  });
  return { order, poles, gain: 1 };
}

/** Chebyshev type I with `rippleDb` of passband ripple. */
export function chebyshevPrototype(order: number, rippleDb: number): LowPassPrototype {
  const epsilon = Math.sqrt(10 ** (rippleDb / 10) - 1);
  const a = Math.asinh(1 / epsilon) / order;
  const poles = Array.from({ length: order }, (_, i) => {
    const theta = (Math.PI * (2 * (i + 1) - 1)) / (2 * order);
    return complex(-Math.sinh(a) * Math.sin(theta), Math.cosh(a) * Math.cos(theta));
  });
  // K = Π(−p_k) makes H(0) = 1; an even order starts at the bottom of the ripple instead.
  const product = poles.reduce<Complex>((acc, p) => mul(acc, complex(-p.re, -p.im)), ONE);
  const gain = order % 2 === 0 ? product.re / Math.sqrt(1 + epsilon * epsilon) : product.re;
  return { order, poles, gain };
}

export function prototype(response: PrototypeResponse, order: number, rippleDb: number): LowPassPrototype {
  return response === 'butterworth' ? butterworthPrototype(order) : chebyshevPrototype(order, rippleDb);
}

/** H(s) at a normalised complex frequency s. */
export function evaluate(proto: LowPassPrototype, s: Complex): Complex {
  let denominator = ONE;
  for (const p of proto.poles) denominator = mul(denominator, sub(s, p));
  return div(complex(proto.gain), denominator);
}

/** The low-pass to band-pass transform s → (s² + ω0²)/(B·s), at s = j2πf: j(f/f0 − f0/f)·f0/BW. */
export function bandPassVariable(freqHz: number, centerHz: number, bandwidthHz: number): Complex {
  return complex(0, ((freqHz / centerHz - centerHz / freqHz) * centerHz) / bandwidthHz);
}

/** The low-pass scaling s → s/ωc, at s = j2πf. */
export function lowPassVariable(freqHz: number, cutoffHz: number): Complex {
  return complex(0, freqHz / cutoffHz);
}
