import type { Random } from './prng';

/**
 * Receiver noise of a network analyzer (INSTRUMENTS.md section 6): a complex Gaussian floor of
 * about −100 dB at 1 kHz IF bandwidth, 10·log10(IFBW) higher at wider bandwidths; averaging n
 * sweeps divides its power by n. Plus a trace noise proportional to the signal (about 0.003 dB
 * rms), so even a strong trace is not perfectly smooth.
 */
export const NOISE_FLOOR_DB_AT_1KHZ = -100;
const TRACE_NOISE_RELATIVE = 0.00035;

export function noiseFloorDb(ifbwHz: number): number {
  return NOISE_FLOOR_DB_AT_1KHZ + 10 * Math.log10(ifbwHz / 1000);
}

/** Adds noise in place to interleaved re/im pairs. */
export function addReceiverNoise(
  pairs: Float64Array,
  ifbwHz: number,
  averages: number,
  random: Random,
): void {
  const power = 10 ** (noiseFloorDb(ifbwHz) / 10) / Math.max(1, averages);
  // E|n|² = power, split over two independent components.
  const sigma = Math.sqrt(power / 2);
  const relative = TRACE_NOISE_RELATIVE / Math.sqrt(Math.max(1, averages));
  for (let i = 0; i < pairs.length; i += 2) {
    const re = pairs[i] as number;
    const im = pairs[i + 1] as number;
    const jitter = 1 + relative * random.gaussian();
    pairs[i] = re * jitter + sigma * random.gaussian();
    pairs[i + 1] = im * jitter + sigma * random.gaussian();
  }
}
