import { randomUUID } from 'node:crypto';
import type { Calibration, CalibrationKind } from '@sweepline/domain';

/**
 * Which calibrations are still valid (docs/requirements/runner.md#smart-calibration): a calibration made on a
 * channel of an analyzer stays valid for the shift (`hours`), for every later serial number of
 * every test that needs the same calibration on that channel. A changed stimulus or another
 * analyzer needs a new one, and so does a calibration the analyzer no longer applies (the engine
 * asks it: SENS{c}:CORR:STAT?).
 *
 * Each one made gets a key when it is made (issue 40): every run it measures names it by that key,
 * so the service knows which units one calibration measured, across the runs of the shift.
 */
export interface HowMade {
  readonly kind: CalibrationKind;
  /** The ECal module's serial number, for kind 'ecal'. */
  readonly ecalSerial?: string;
  /** The operator who made it. */
  readonly madeBy: string;
}

export interface KeptCalibration extends HowMade {
  readonly key: string;
  /** ISO 8601. */
  readonly madeAt: string;
}

export class CalibrationKeeper {
  private readonly made = new Map<string, KeptCalibration>();

  constructor(
    private readonly hours: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(resource: string, channel: number, cal: Calibration): string {
    const { id: _id, ...definition } = cal;
    return `${resource}|${channel}|${JSON.stringify(definition)}`;
  }

  /** The calibration valid for the shift on the channel, or undefined. */
  valid(resource: string, channel: number, cal: Calibration): KeptCalibration | undefined {
    const kept = this.made.get(this.key(resource, channel, cal));
    return kept !== undefined && this.now() - Date.parse(kept.madeAt) < this.hours * 3_600_000
      ? kept
      : undefined;
  }

  /** A calibration was just made on the channel. */
  remember(resource: string, channel: number, cal: Calibration, how: HowMade): void {
    const madeAt = new Date(this.now()).toISOString();
    this.made.set(this.key(resource, channel, cal), { ...how, key: randomUUID(), madeAt });
  }

  /** The analyzer lost the calibration: until it is made again, nothing is measured with it. */
  forget(resource: string, channel: number, cal: Calibration): void {
    this.made.delete(this.key(resource, channel, cal));
  }
}
