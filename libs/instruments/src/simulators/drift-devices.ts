import type { Drift, DriftParameter } from './drift';
import type { DeviceSpec } from './sim-config';

/**
 * The worst pass-band return loss of a lossless Chebyshev filter with `db` of ripple
 * (|S11|² = 1 − |S21|²); the same formula turns a return loss back into its ripple.
 */
const rippleReturnLoss = (db: number) => -10 * Math.log10(1 - 10 ** (-db / 10));

// the config's ranges (sim-config-parse): a long drift stops at the edge of what the model can be
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const loss = (db: number, moved: number) => clamp(db + moved, 0, 60);
const match = (db: number, moved: number) => clamp(db + moved, 0.01, 100);

function driftOne(device: DeviceSpec, parameter: DriftParameter, moved: number): DeviceSpec {
  switch (parameter) {
    case 'insertion-loss':
      if (device.model === 'bandpass' || device.model === 'lowpass')
        return { ...device, lossDb: loss(device.lossDb, moved) };
      if (device.model === 'coupler')
        return { ...device, throughLossDb: clamp(device.throughLossDb + moved, 0, 10) };
      if (device.model === 'attenuator')
        return { ...device, attenuationDb: clamp(device.attenuationDb + moved, 0, 150) };
      return device;
    case 'return-loss':
      if ((device.model === 'bandpass' || device.model === 'lowpass') && device.response === 'chebyshev') {
        const rippleDb = rippleReturnLoss(match(rippleReturnLoss(device.rippleDb), moved));
        return { ...device, rippleDb: clamp(rippleDb, 0.001, 3) };
      }
      if (device.model === 'cable') {
        const far = device.farConnectorReturnLossDb;
        return {
          ...device,
          connectorReturnLossDb: match(device.connectorReturnLossDb, moved),
          ...(far !== undefined ? { farConnectorReturnLossDb: match(far, moved) } : {}),
        };
      }
      if ('returnLossDb' in device) return { ...device, returnLossDb: match(device.returnLossDb, moved) };
      return device;
    case 'center-frequency':
      if (device.model === 'bandpass' || device.model === 'antenna') {
        // the band keeps its width and stays above 0 Hz
        const centerHz = Math.max(device.bandwidthHz, device.centerHz + moved * 1e6);
        return { ...device, centerHz };
      }
      return device;
  }
}

/**
 * The devices of the unit with place `units` (0: the first unit, undrifted) under `drift`: how each
 * device model's parameter moves is docs/instruments.md's table, "Drift over units".
 */
export function driftDevices(
  devices: readonly DeviceSpec[],
  drift: Drift | undefined,
  units: number,
): readonly DeviceSpec[] {
  if (!drift || units === 0) return devices;
  return devices.map((device) => driftOne(device, drift.parameter, drift.step * units));
}
