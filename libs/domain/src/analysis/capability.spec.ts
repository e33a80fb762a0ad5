import { CAPABILITY_REASONS, capability } from './capability';
import { normalCdf } from './normal';
import { mean, sampleStdDev, sigmaWithin } from './sums';

/** Hand-computed: 1..5 has mean 3, s = √2.5, MR̄ = 1, so σ within = 1 / 1.128. */
const ONE_TO_FIVE = [1, 2, 3, 4, 5];
const S = Math.sqrt(2.5);
const SW = 1 / 1.128;

/**
 * The exact sample standard deviation of doubles near 1e7 (2^23 ≤ x < 2^24: each is an integer
 * multiple of 2^-29), summed in integers, as a reference no rounding touches.
 */
function exactStdDevNear1e7(values: number[]): number {
  const units = values.map((x) => BigInt(x * 2 ** 29));
  const n = BigInt(values.length);
  const sum = units.reduce((a, b) => a + b, 0n);
  const squares = units.reduce((a, b) => a + b * b, 0n);
  const numerator = n * squares - sum * sum;
  return Math.sqrt(Number(numerator) / Number(n * (n - 1n))) / 2 ** 29;
}

/** `limit` − the exact mean of doubles near 1e7 (a multiple of 2^-29 each, as exactStdDevNear1e7). */
function exactMeanNear1e7(values: number[], limit: number): number {
  const n = BigInt(values.length);
  const sum = values.reduce((a, x) => a + BigInt(x * 2 ** 29), 0n);
  return Number(BigInt(limit * 2 ** 29) * n - sum) / Number(n) / 2 ** 29;
}

describe('capability', () => {
  it('gives every figure of a small two-sided data set', () => {
    const f = capability(ONE_TO_FIVE, { lower: 0, upper: 6 });
    expect(f.n).toBe(5);
    expect(f.mean).toBe(3);
    expect(f.sigmaOverall).toBeCloseTo(S, 14);
    expect(f.sigmaWithin).toBeCloseTo(SW, 14);
    expect(f.cp).toBeCloseTo(1.128, 12);
    expect(f.cpk).toBeCloseTo(1.128, 12);
    expect(f.pp).toBeCloseTo(6 / (6 * S), 12);
    expect(f.ppk).toBeCloseTo(3 / (3 * S), 12);
    expect(f.observedPercentOut).toBe(0);
    // 10^6 × 2 Φ(−3 / √2.5), Φ from Python's math.erfc
    expect(f.expectedPpm).toBeCloseTo(57779.57112359727, 6);
    expect(f.reason).toBeNull();
  });

  it('takes Cpk from the nearer limit when the mean is off centre', () => {
    const f = capability(ONE_TO_FIVE, { lower: 0, upper: 4 });
    expect(f.cp).toBeCloseTo(4 / (6 * SW), 12);
    expect(f.cpk).toBeCloseTo(1 / (3 * SW), 12);
    expect(f.ppk).toBeCloseTo(1 / (3 * S), 12);
    expect(f.observedPercentOut).toBe(20);
  });

  it('gives Cpk and Ppk from the one side of a one-sided limit, and no Cp or Pp', () => {
    const upperOnly = capability(ONE_TO_FIVE, { lower: null, upper: 6 });
    expect(upperOnly.cp).toBeNull();
    expect(upperOnly.pp).toBeNull();
    expect(upperOnly.cpk).toBeCloseTo(3 / (3 * SW), 12);
    expect(upperOnly.ppk).toBeCloseTo(3 / (3 * S), 12);
    expect(upperOnly.expectedPpm).toBeCloseTo(28889.785561798635, 6);
    const lowerOnly = capability(ONE_TO_FIVE, { lower: 2, upper: null });
    expect(lowerOnly.cp).toBeNull();
    expect(lowerOnly.cpk).toBeCloseTo(1 / (3 * SW), 12);
    expect(lowerOnly.observedPercentOut).toBe(20);
    expect(lowerOnly.reason).toBeNull();
  });

  it('states a reason instead of indices for zero spread', () => {
    const f = capability([2, 2, 2], { lower: 0, upper: 6 });
    expect(f).toMatchObject({ n: 3, mean: 2, sigmaOverall: 0, sigmaWithin: 0, cp: null, cpk: null });
    expect(f.reason).toBe(CAPABILITY_REASONS.zeroSpread);
    expect(f.observedPercentOut).toBe(0);
  });

  it('states a reason for fewer than 2 values, and still gives the mean of one', () => {
    expect(capability([4], { lower: 0, upper: 6 })).toMatchObject({
      n: 1,
      mean: 4,
      sigmaOverall: null,
      sigmaWithin: null,
      cpk: null,
      reason: CAPABILITY_REASONS.tooFew,
    });
    expect(capability([], { lower: 0, upper: 6 })).toMatchObject({
      n: 0,
      mean: null,
      reason: CAPABILITY_REASONS.tooFew,
    });
  });

  it('states a reason when the step has no limits', () => {
    const f = capability(ONE_TO_FIVE, { lower: null, upper: null });
    expect(f).toMatchObject({
      cp: null,
      cpk: null,
      pp: null,
      ppk: null,
      observedPercentOut: null,
      expectedPpm: null,
    });
    expect(f.reason).toBe(CAPABILITY_REASONS.noLimits);
    expect(f.sigmaOverall).toBeCloseTo(S, 14);
  });

  it('counts a value on a limit as inside', () => {
    expect(capability([0, 3, 6], { lower: 0, upper: 6 }).observedPercentOut).toBe(0);
  });
});

describe('sums with a large offset and a small spread', () => {
  it('gives σ of 1e7 + 0.125, 0.25, 0.375 exactly', () => {
    const values = [10000000.125, 10000000.25, 10000000.375];
    expect(mean(values)).toBe(10000000.25);
    expect(sampleStdDev(values)).toBe(0.125);
    expect(sigmaWithin(values)).toBe(0.125 / 1.128);
  });

  it('gives σ of 10000000.1, .2, .3 within 1e-9 relative of the exact figure of those doubles', () => {
    const values = [10000000.1, 10000000.2, 10000000.3];
    const exact = exactStdDevNear1e7(values);
    expect(Math.abs(exact - 0.1)).toBeLessThan(1e-7); // the doubles themselves are 0.1 apart to 2e-9
    expect(Math.abs(sampleStdDev(values) - exact) / exact).toBeLessThan(1e-9);
  });

  it('stays within 1e-9 relative for 10,000 values near 1e7 with a spread of 0.1', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const values = Array.from({ length: 10_000 }, () => 1e7 + Math.round(random() * 3000) / 10000);
    const exact = exactStdDevNear1e7(values);
    expect(Math.abs(sampleStdDev(values) - exact) / exact).toBeLessThan(1e-9);
    // the limits' distances from the exact mean: a rounded mean is an ulp of 1e7 (1.9e-9) off
    const aboveExactMean = (limit: number) => exactMeanNear1e7(values, limit);
    expect(capability(values, { lower: 1e7, upper: 1e7 + 0.3 }).ppk).toBeCloseTo(
      Math.min(aboveExactMean(1e7 + 0.3), -aboveExactMean(1e7)) / (3 * exact),
      9,
    );
  });
});

describe('normalCdf', () => {
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-3, 0.0013498980316301],
    [-6, 9.865876450376946e-10],
    [-10, 7.619853024160527e-24],
  ])('Φ(%d) = %d to 1e-12 relative', (z, phi) => {
    expect(Math.abs(normalCdf(z) - phi) / phi).toBeLessThan(1e-12);
  });
});
