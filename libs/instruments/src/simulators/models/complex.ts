/**
 * The little complex arithmetic the device models need. Values are small immutable records:
 * models are evaluated point by point (1601 points × a 4 × 4 matrix is cheap), so clarity wins
 * over packed arrays here.
 */
export interface Complex {
  readonly re: number;
  readonly im: number;
}

export const ZERO: Complex = { re: 0, im: 0 };
export const ONE: Complex = { re: 1, im: 0 };

export function complex(re: number, im = 0): Complex {
  return { re, im };
}

export function add(a: Complex, b: Complex): Complex {
  return { re: a.re + b.re, im: a.im + b.im };
}

export function sub(a: Complex, b: Complex): Complex {
  return { re: a.re - b.re, im: a.im - b.im };
}

export function mul(a: Complex, b: Complex): Complex {
  return { re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re };
}

export function div(a: Complex, b: Complex): Complex {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
}

export function scale(a: Complex, k: number): Complex {
  return { re: a.re * k, im: a.im * k };
}

export function abs(a: Complex): number {
  return Math.hypot(a.re, a.im);
}

export function arg(a: Complex): number {
  return Math.atan2(a.im, a.re);
}

/** e^(jθ) */
export function expj(theta: number): Complex {
  return { re: Math.cos(theta), im: Math.sin(theta) };
}

/** A magnitude in dB (20·log10) and a phase in radians. */
export function fromDb(db: number, theta = 0): Complex {
  return scale(expj(theta), 10 ** (db / 20));
}

/** The phase shift of a delay τ at frequency f: e^(−j2πfτ). */
export function delay(freqHz: number, seconds: number): Complex {
  return expj(-2 * Math.PI * freqHz * seconds);
}

export function db(a: Complex): number {
  return 20 * Math.log10(abs(a));
}
