import type { Random } from '../models/prng';

/**
 * The seeded draws a demo unit is made of: its seed from its product and serial number (the same
 * serial number gives the same unit again, so a retest is reproducible), tolerances as normal
 * distributions cut off where a good unit would no longer be good, and the choice of its fate.
 */

/** FNV-1a over the product's and the serial number's characters, mixed with the simulator's seed. */
export function unitSeed(product: string, serial: string, seed: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of `${product}\n${serial}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A normal draw of `mean` ± `sigma`, kept within `mean` ± `cut` (a tolerance the process holds). */
export function tolerance(random: Random, mean: number, sigma: number, cut: number): number {
  return mean + Math.max(-cut, Math.min(cut, sigma * random.gaussian()));
}

/** Picks one of `fates` by their shares; the shares left over (1 − their sum) pick the first. */
export function pickFate<T extends { readonly share: number }>(random: Random, fates: readonly T[]): T {
  let left = random.next();
  for (const fate of fates.slice(1)) {
    if (left < fate.share) return fate;
    left -= fate.share;
  }
  return fates[0] as T;
}
