import type { Complex } from './complex';
import { delay, div, complex, fromDb, mul, scale } from './complex';
import type { DeviceModel } from './device';
import { symmetricTwoPort } from './device';

/** Connector-to-connector delay of a small component (about 1 cm of line). */
const COMPONENT_DELAY_S = 50e-12;

export interface AttenuatorConfig {
  readonly attenuationDb: number;
  /** About 30 dB for a good coaxial pad (INSTRUMENTS.md section 6). */
  readonly returnLossDb: number;
}

/** Flat −X dB S21 (its only frequency dependence is the short delay) and a flat match. */
export function attenuator(config: AttenuatorConfig): DeviceModel {
  const s11 = fromDb(-config.returnLossDb);
  return {
    ports: 2,
    sAt: (f) => symmetricTwoPort(s11, scale(delay(f, COMPONENT_DELAY_S), 10 ** (-config.attenuationDb / 20))),
  };
}

export interface AmplifierConfig {
  readonly gainDb: number;
  /** |S12| below 0 dB. */
  readonly isolationDb: number;
  readonly returnLossDb: number;
  /** −3 dB corner of a one-pole roll-off, so gain flatness is measurable. */
  readonly bandwidthHz: number;
}

/** Port 1 in, port 2 out: S21 = G/(1 + jf/fc), S12 = −isolation; not reciprocal. */
export function amplifier(config: AmplifierConfig): DeviceModel {
  const match = fromDb(-config.returnLossDb, Math.PI / 4);
  return {
    ports: 2,
    sAt(f) {
      const rollOff = div(complex(1), complex(1, f / config.bandwidthHz));
      const s21 = mul(scale(rollOff, 10 ** (config.gainDb / 20)), delay(f, 4 * COMPONENT_DELAY_S));
      return [
        [match, fromDb(-config.isolationDb, 0.3)],
        [s21, match],
      ];
    },
  };
}

export interface CouplerConfig {
  readonly couplingDb: number;
  readonly directivityDb: number;
  /** Through-line loss: 0.2 dB for a 20 dB coupler (INSTRUMENTS.md section 6). */
  readonly throughLossDb: number;
  readonly returnLossDb: number;
}

/**
 * A 4-port directional coupler, ports 1 input, 2 through, 3 coupled, 4 isolated, reciprocal:
 * S21 = S43 = through, S31 = S42 = −C (in quadrature with the through path, as on a
 * coupled-line coupler), S41 = S32 = −(C + D); every port matched to `returnLossDb`.
 */
export function coupler(config: CouplerConfig): DeviceModel {
  const match = fromDb(-config.returnLossDb);
  const isolatedDb = -(config.couplingDb + config.directivityDb);
  return {
    ports: 4,
    sAt(f) {
      const line = delay(f, 2 * COMPONENT_DELAY_S);
      const t = scale(line, 10 ** (-config.throughLossDb / 20));
      const c = mul(fromDb(-config.couplingDb, Math.PI / 2), line);
      const i = mul(fromDb(isolatedDb, Math.PI / 3), line);
      const rows: Complex[][] = [
        [match, t, c, i],
        [t, match, i, c],
        [c, i, match, t],
        [i, c, t, match],
      ];
      return rows;
    },
  };
}

/** An ideal through line of delay τ (the thru standard, or an adapter). */
export function thru(delayS: number): DeviceModel {
  return { ports: 2, sAt: (f) => symmetricTwoPort(complex(0), delay(f, delayS)) };
}
