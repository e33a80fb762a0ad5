import type { CapabilityFigures } from '@sweepline/domain';

/**
 * Capability figures agree with the row-wise ones as issue 41 asks: counts and the percent out
 * exactly, every other figure to 1e-12 relative (merged slots and days sum in another order, so
 * the last digit may differ), x̄ to 1e-12 of s, as a mean near a limit has no relative digits there.
 */
export function expectCapabilityNear(got: CapabilityFigures, want: CapabilityFigures): void {
  const near = (a: number | null, b: number | null, scale = 0) =>
    a === null || b === null ? a === b : Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b), scale);
  expect([got.n, got.reason, got.observedPercentOut]).toEqual([want.n, want.reason, want.observedPercentOut]);
  const keys = ['sigmaOverall', 'sigmaWithin', 'cp', 'pp', 'cpk', 'ppk', 'expectedPpm'] as const;
  expect(keys.filter((k) => !near(got[k], want[k], k.endsWith('k') ? 1 : 0))).toEqual([]);
  expect(near(got.mean, want.mean, want.sigmaOverall ?? 0)).toBe(true);
}
