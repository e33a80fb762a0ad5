import type { DeviceSpec } from '../sim-config';
import { antenna } from './antenna';
import { lossyCable } from './cable';
import type { Complex } from './complex';
import { delay, scale, ZERO } from './complex';
import type { DeviceModel } from './device';
import { bandPassFilter, lowPassFilter } from './filters';
import { amplifier, attenuator, coupler, thru } from './passive';

export function buildDevice(spec: DeviceSpec): DeviceModel {
  switch (spec.model) {
    case 'bandpass':
      return bandPassFilter(spec);
    case 'lowpass':
      return lowPassFilter(spec);
    case 'cable':
      return lossyCable(spec);
    case 'attenuator':
      return attenuator(spec);
    case 'amplifier':
      return amplifier(spec);
    case 'coupler':
      return coupler(spec);
    case 'thru':
      return thru(spec.delayS);
    case 'antenna':
      return antenna(spec);
  }
}

/** An open test-port cable end: nearly total reflection, with the phase of its 60 ps round trip. */
const OPEN_PORT_REFLECTION = 0.98;
const OPEN_PORT_ROUND_TRIP_S = 60e-12;

interface Placement {
  readonly device: DeviceModel;
  /** Test port (1-based) of each device port. */
  readonly ports: readonly number[];
}

/**
 * What the analyzer's test ports see: each device on its ports, nothing between devices (only
 * noise is measured there), and an open cable end on a port without a device.
 */
export class TestPortNetwork {
  private readonly placements: Placement[];

  constructor(
    readonly ports: number,
    devices: readonly DeviceSpec[],
  ) {
    this.placements = devices.map((spec) => ({ device: buildDevice(spec), ports: spec.ports }));
  }

  /** S(out, in) at each frequency, as interleaved re/im pairs. */
  trace(out: number, into: number, freqsHz: ArrayLike<number>): Float64Array {
    const pairs = new Float64Array(freqsHz.length * 2);
    for (let k = 0; k < freqsHz.length; k++) {
      const value = this.sAt(out, into, freqsHz[k] as number);
      pairs[2 * k] = value.re;
      pairs[2 * k + 1] = value.im;
    }
    return pairs;
  }

  sAt(out: number, into: number, freqHz: number): Complex {
    for (const placement of this.placements) {
      const i = placement.ports.indexOf(out);
      const j = placement.ports.indexOf(into);
      if (i >= 0 && j >= 0) return placement.device.sAt(freqHz)[i]?.[j] ?? ZERO;
      if (i >= 0 || j >= 0) return ZERO;
    }
    return out === into ? scale(delay(freqHz, OPEN_PORT_ROUND_TRIP_S), OPEN_PORT_REFLECTION) : ZERO;
  }
}
