import type { Complex } from './complex';
import { abs, expj, mul, scale } from './complex';
import type { DeviceModel } from './device';
import { bandPassVariable, evaluate, prototype } from './prototype';

export interface AntennaConfig {
  /** Geometric centre of the matched band. */
  readonly centerHz: number;
  /** Width of the matched band: inside it the return loss stays at `returnLossDb` or better. */
  readonly bandwidthHz: number;
  /** Order of the matching network: how fast the match is lost outside the band. */
  readonly order: number;
  /** The worst return loss inside the matched band, dB. */
  readonly returnLossDb: number;
}

/**
 * A one-port antenna matched over a band: what it does not reflect it radiates, so it behaves like
 * the input of a band-pass filter whose output is free space. Its reflection is that of a
 * Chebyshev matching network whose ripple gives exactly `returnLossDb` at the worst point of the
 * band (|Γ|² = 1 − |H|²); outside the band it reflects nearly everything.
 */
export function antenna(config: AntennaConfig): DeviceModel {
  const worst = 10 ** (-config.returnLossDb / 10);
  const rippleDb = -10 * Math.log10(1 - worst);
  const proto = prototype('chebyshev', config.order, rippleDb);
  return {
    ports: 1,
    sAt(freqHz): Complex[][] {
      const h = evaluate(proto, bandPassVariable(freqHz, config.centerHz, config.bandwidthHz));
      const reflected = Math.sqrt(Math.max(0, 1 - abs(h) ** 2));
      return [[abs(h) === 0 ? expj(0) : scale(mul(expj(Math.PI / 2), h), reflected / abs(h))]];
    },
  };
}
