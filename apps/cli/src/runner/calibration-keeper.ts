import type { Calibration } from '@sweepline/domain';

/**
 * Which calibrations are still valid (docs/requirements/runner.md#smart-calibration): a calibration made on a
 * channel of an analyzer stays valid for the shift (`hours`), for every later serial number of
 * every test that needs the same calibration on that channel. A changed stimulus or another
 * analyzer needs a new one, and so does a calibration the analyzer no longer applies (the engine
 * asks it: SENS{c}:CORR:STAT?).
 */
export class CalibrationKeeper {
  private readonly made = new Map<string, number>();

  constructor(
    private readonly hours: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(resource: string, channel: number, cal: Calibration): string {
    const { id: _id, ...definition } = cal;
    return `${resource}|${channel}|${JSON.stringify(definition)}`;
  }

  isValid(resource: string, channel: number, cal: Calibration): boolean {
    const at = this.made.get(this.key(resource, channel, cal));
    return at !== undefined && this.now() - at < this.hours * 3_600_000;
  }

  remember(resource: string, channel: number, cal: Calibration): void {
    this.made.set(this.key(resource, channel, cal), this.now());
  }
}
