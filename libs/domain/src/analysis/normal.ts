/**
 * The standard normal distribution function Φ, for expected PPM. Computed from the
 * complementary error function by W. J. Cody's rational approximations (Math. Comp. 1969),
 * accurate to about 1e-15 relative, so tails far past 6σ still give small positive PPM instead of
 * the 0 or negative numbers that 1 − Φ(z) would give.
 */

const A = [3.1611237438705655, 113.86415415105016, 377.485237685302, 3209.3775891384694, 0.18577770618460315];
const B = [23.601290952344122, 244.02463793444417, 1282.6165260773723, 2844.236833439171];
const C = [
  0.5641884969886701, 8.883149794388377, 66.11919063714163, 298.6351381974001, 881.952221241769,
  1712.0476126340707, 2051.0783778260716, 1230.339354797997, 2.1531153547440383e-8,
];
const D = [
  15.744926110709835, 117.6939508913125, 537.1811018620099, 1621.3895745666903, 3290.7992357334597,
  4362.619090143247, 3439.3676741437216, 1230.3393548037495,
];
const P = [
  0.30532663496123236, 0.36034489994980445, 0.12578172611122926, 0.016083785148742275, 6.587491615298378e-4,
  0.016315387137302097,
];
const Q = [
  2.568520192289822, 1.8729528499234604, 0.5279051029514285, 0.06051834131244132, 0.0023352049762686918,
];
const SQRPI = 0.5641895835477563;

/** erfc(x) for x ≥ 0. */
function erfcPositive(x: number): number {
  if (x < 0.5) {
    const z = x * x;
    let num = A[4]! * z;
    let den = z;
    for (let i = 0; i < 3; i++) {
      num = (num + A[i]!) * z;
      den = (den + B[i]!) * z;
    }
    return 1 - (x * (num + A[3]!)) / (den + B[3]!);
  }
  if (x < 4) {
    let num = C[8]! * x;
    let den = x;
    for (let i = 0; i < 7; i++) {
      num = (num + C[i]!) * x;
      den = (den + D[i]!) * x;
    }
    return (Math.exp(-x * x) * (num + C[7]!)) / (den + D[7]!);
  }
  if (x > 26.6) return 0;
  const z = 1 / (x * x);
  let num = P[5]! * z;
  let den = z;
  for (let i = 0; i < 4; i++) {
    num = (num + P[i]!) * z;
    den = (den + Q[i]!) * z;
  }
  const r = (z * (num + P[4]!)) / (den + Q[4]!);
  return (Math.exp(-x * x) * (SQRPI - r)) / x;
}

/** Φ(z) = P(Z ≤ z) for the standard normal Z. */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  const e = erfcPositive(Math.abs(z) / Math.SQRT2) / 2;
  return z < 0 ? e : 1 - e;
}

/** 1 − Φ(z), without the cancellation of subtracting from 1 in the upper tail. */
export function normalUpperTail(z: number): number {
  return normalCdf(-z);
}
