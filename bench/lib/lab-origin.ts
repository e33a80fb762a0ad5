/**
 * What a lab PC's uploads say measured them, as the command-line runner sends it (issue 40): its
 * station, its version, its two instruments, and the two calibrations it made for the shift on
 * its network analyzer, whole until an upload naming them is stored and by their keys after.
 */
import type { CalibrationUse, RunOrigin } from '@sweepline/domain';
import type { BenchStation } from './origin-rows';
import { BENCH_CHANNELS, BENCH_RUNNER_VERSION, channelSteps } from './origin-rows';

export class LabOrigins {
  /** The lab PCs whose calibrations the server has stored. */
  private readonly known = new Set<number>();

  /**
   * `stations`: lab PC n is at station n modulo their number (one each: no two PCs share an
   * instrument, as on a floor); `shift` makes the calibrations'
   * keys new for each sitting; `madeAt` is when they were made (before every run of the sitting).
   */
  constructor(
    private readonly stations: readonly BenchStation[],
    private readonly shift: string,
    private readonly madeAt: Date,
    private readonly madeBy: string,
  ) {}

  /** The origin fields of lab PC `pc`'s next upload of `stepCount` step results. */
  next(pc: number, stepCount: number): RunOrigin {
    const station = this.stations[pc % this.stations.length]!;
    const whole = !this.known.has(pc);
    const calibrations = BENCH_CHANNELS.map((c): CalibrationUse => {
      const named = { key: `${this.shift}-pc${pc}-ch${c.ch}`, step_indices: channelSteps(c.ch, stepCount) };
      if (!whole) return named;
      return {
        ...named,
        instrument: 0,
        kind: c.kind,
        ...(c.ecalSerial ? { ecal_serial: c.ecalSerial } : {}),
        ports: c.ports,
        start_MHz: c.startMHz,
        stop_MHz: c.stopMHz,
        made_at: this.madeAt.toISOString(),
        made_by: this.madeBy,
      };
    });
    return {
      station: station.name,
      runner_version: BENCH_RUNNER_VERSION,
      instruments: station.instruments,
      calibrations,
    };
  }

  /** An upload of lab PC `pc` was stored: its calibrations are known from now on. */
  stored(pc: number): void {
    this.known.add(pc);
  }
}
