import { delay, fromDb, mul, scale, sub } from './complex';
import type { DeviceModel } from './device';

const SPEED_OF_LIGHT = 299_792_458;

export interface CableConfig {
  readonly lengthM: number;
  /** Velocity of propagation as a fraction of c (0.66 for solid PE, about 0.85 for foam). */
  readonly velocityFactor: number;
  /** Loss per metre at 1 GHz, dB: 90 % skin effect (∝ √f), 10 % dielectric (∝ f). */
  readonly lossDbPerMAt1GHz: number;
  /** Return loss of each connector, dB: the two reflections make the S11 ripple. */
  readonly connectorReturnLossDb: number;
  /** The port-2 connector's return loss when it differs (a damaged one); default the same. */
  readonly farConnectorReturnLossDb?: number;
}

/** One-way delay τ = L / (v·c). */
export function cableDelay(config: CableConfig): number {
  return config.lengthM / (config.velocityFactor * SPEED_OF_LIGHT);
}

/** Loss of the whole cable in dB at `freqHz`: α = a·√f + b·f (INSTRUMENTS.md section 6). */
export function cableLossDb(config: CableConfig, freqHz: number): number {
  const ghz = freqHz / 1e9;
  const perMetre = config.lossDbPerMAt1GHz * (0.9 * Math.sqrt(ghz) + 0.1 * ghz);
  return perMetre * config.lengthM;
}

/**
 * S21 = 10^(−αL/20)·e^(−j2πfτ). S11 = Γ1 − Γ2·S21²: the far connector's reflection comes back
 * through the cable twice, so |S11| ripples with a period of 1/(2τ) in frequency; seen from the
 * far side a connector reflects with the opposite sign (S22 = Γ2 − Γ1·S21²).
 */
export function lossyCable(config: CableConfig): DeviceModel {
  const tau = cableDelay(config);
  const near = fromDb(-config.connectorReturnLossDb);
  const far = fromDb(-(config.farConnectorReturnLossDb ?? config.connectorReturnLossDb));
  return {
    ports: 2,
    sAt(freqHz) {
      const s21 = scale(delay(freqHz, tau), 10 ** (-cableLossDb(config, freqHz) / 20));
      const round = mul(s21, s21);
      return [
        [sub(near, mul(far, round)), s21],
        [s21, sub(far, mul(near, round))],
      ];
    },
  };
}
