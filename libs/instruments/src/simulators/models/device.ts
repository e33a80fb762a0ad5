import type { Complex } from './complex';

/**
 * A device under test as the simulator sees it: its scattering matrix at any frequency.
 * s[i][j] is S(i+1)(j+1), the wave out of port i+1 for a wave into port j+1.
 */
export interface DeviceModel {
  readonly ports: number;
  sAt(freqHz: number): Complex[][];
}

/** A 2-port with S11 = S22 and S21 = S12, as most passive devices here are. */
export function symmetricTwoPort(s11: Complex, s21: Complex): Complex[][] {
  return [
    [s11, s21],
    [s21, s11],
  ];
}
