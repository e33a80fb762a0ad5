import type { Complex } from './complex';
import { abs, expj, mul, scale } from './complex';
import type { DeviceModel } from './device';
import { symmetricTwoPort } from './device';
import type { PrototypeResponse } from './prototype';
import { bandPassVariable, evaluate, lowPassVariable, prototype } from './prototype';

export interface FilterShape {
  readonly order: number;
  readonly response: PrototypeResponse;
  /** Chebyshev passband ripple, dB. */
  readonly rippleDb: number;
  /** Flat dissipation loss added to S21, dB (a real filter is never lossless). */
  readonly lossDb: number;
}

export interface BandPassConfig extends FilterShape {
  /** Geometric centre √(f1·f2). */
  readonly centerHz: number;
  /** Ripple bandwidth (Chebyshev) or −3 dB bandwidth (Butterworth). */
  readonly bandwidthHz: number;
  /**
   * Phase added to every S parameter, degrees: where the reference planes sit (the coupling
   * structures and connectors of a real filter), which the prototype alone puts at 0° at the centre.
   */
  readonly phaseDeg?: number;
}

export interface LowPassConfig extends FilterShape {
  readonly cutoffHz: number;
}

/**
 * A reciprocal, symmetric 2-port built on a prototype's H: S21 = H × loss, and S11 from the
 * lossless relation |S11|² = 1 − |H|² with the phase of H plus 90° (for a lossless symmetric
 * 2-port, S11·S21* + S21·S11* = 0 requires exactly that quadrature).
 */
function filterFromTransfer(
  transfer: (freqHz: number) => Complex,
  lossDb: number,
  phaseDeg = 0,
): DeviceModel {
  const loss = 10 ** (-lossDb / 20);
  const planes = expj((phaseDeg * Math.PI) / 180);
  return {
    ports: 2,
    sAt(freqHz) {
      const h = transfer(freqHz);
      const reflected = Math.sqrt(Math.max(0, 1 - abs(h) ** 2));
      const s11 = scale(mul(expj(Math.PI / 2), h), abs(h) === 0 ? 0 : reflected / abs(h));
      return symmetricTwoPort(mul(planes, abs(h) === 0 ? expj(0) : s11), mul(planes, scale(h, loss)));
    },
  };
}

export function bandPassFilter(config: BandPassConfig): DeviceModel {
  const proto = prototype(config.response, config.order, config.rippleDb);
  return filterFromTransfer(
    (f) => evaluate(proto, bandPassVariable(f, config.centerHz, config.bandwidthHz)),
    config.lossDb,
    config.phaseDeg,
  );
}

export function lowPassFilter(config: LowPassConfig): DeviceModel {
  const proto = prototype(config.response, config.order, config.rippleDb);
  return filterFromTransfer((f) => evaluate(proto, lowPassVariable(f, config.cutoffHz)), config.lossDb);
}
