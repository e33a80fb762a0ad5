import {
  isValidStationText,
  ORIGIN_LIMITS,
  type Calibration,
  type CalibrationUse,
  type InstrumentRole,
  type InstrumentUse,
  type RunOrigin,
} from '@sweepline/domain';
import type { Instrument, MeasuredUnit, NetworkAnalyzer, PimAnalyzer } from '@sweepline/instruments';
import type { CalibrationKeeper, KeptCalibration } from './calibration-keeper';
import type { RunnerApi } from './runner-api';
import type { Instruments } from './instrument-pool';
import { channelOf } from './na-steps';

/**
 * What measured a run (issue 40, docs/cli.md "What a run says measured it"): the station, the
 * runner's version, the instruments the run used as they answered *IDN?, and for each
 * network-analyzer step result the calibration it was measured with.
 */
export interface OriginContext {
  /** The station's name (stationIdentity), when it is one. */
  readonly station?: string;
  readonly runnerVersion: string;
}

/**
 * An instrument as a run or the calibration check names it, or undefined when its *IDN? answer
 * cannot name it (no serial number, a field too long): it is then not recorded.
 */
export function instrumentUse(role: InstrumentRole, instrument: Instrument): InstrumentUse | undefined {
  const { maker, model, serial, firmware } = instrument.identity;
  const fits = (text: string, max: number = ORIGIN_LIMITS.textLength) => isValidStationText(text, max);
  if (!fits(maker) || !fits(model) || !fits(serial)) return undefined;
  const resource = instrument.session.transport.resource;
  return {
    role,
    vendor: maker,
    model,
    serial,
    ...(fits(firmware) ? { firmware } : {}),
    ...(fits(resource, ORIGIN_LIMITS.resourceLength) ? { resource } : {}),
  };
}

/**
 * Who makes the calibrations: SWEEPLINE_OPERATOR (as the station board names the operator), else
 * the sign-in's name; undefined when neither names one (the service cannot be reached).
 */
export async function calibrationOperator(
  api: Pick<RunnerApi, 'whoami'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const fits = (name: string | undefined) => isValidStationText(name, ORIGIN_LIMITS.textLength);
  const told = env['SWEEPLINE_OPERATOR']?.trim();
  if (fits(told)) return told;
  const name = await api.whoami().then(
    (me) => me.name,
    () => undefined,
  );
  return fits(name) ? name : undefined;
}

const ROLES: readonly InstrumentRole[] = ['network_analyzer', 'pim_analyzer'];

/**
 * One run's view of the lab's instruments: hands them to the engine as the pool does, and notes
 * which ones the run used and which calibration measured each of its step results.
 */
export class OriginRecorder implements Instruments {
  private readonly used = new Map<InstrumentRole, Instrument>();
  private readonly calibrations = new Map<
    string,
    { kept: KeptCalibration; cal: Calibration; rows: number[] }
  >();

  constructor(
    private readonly pool: Instruments,
    private readonly keeper: CalibrationKeeper,
    private readonly cals: readonly Calibration[],
  ) {}

  get ecalPorts() {
    return this.pool.ecalPorts;
  }

  get ecalSerial() {
    return this.pool.ecalSerial;
  }

  async networkAnalyzer(unit?: MeasuredUnit): Promise<NetworkAnalyzer> {
    const na = await this.pool.networkAnalyzer(unit);
    this.used.set('network_analyzer', na);
    return na;
  }

  async pimAnalyzer(unit?: MeasuredUnit): Promise<PimAnalyzer> {
    const pim = await this.pool.pimAnalyzer(unit);
    this.used.set('pim_analyzer', pim);
    return pim;
  }

  /**
   * A step measured rows `firstRow`… with the test's calibrations `calIds` (one per row): each row
   * is noted under the calibration valid on the analyzer now. A row measured without one (the
   * operator skipped the calibration) is noted under none.
   */
  measured(firstRow: number, calIds: readonly number[]): void {
    const na = this.used.get('network_analyzer');
    if (!na) return;
    const resource = na.session.transport.resource;
    calIds.forEach((calId, i) => {
      const { channel, cal } = channelOf(this.cals, calId);
      const kept = this.keeper.valid(resource, channel, cal);
      if (!kept) return;
      const entry = this.calibrations.get(kept.key) ?? { kept, cal, rows: [] };
      entry.rows.push(firstRow + i);
      this.calibrations.set(kept.key, entry);
    });
  }

  /** The run's origin fields, every calibration whole (the uploader sends known ones by key). */
  origin(context: OriginContext): RunOrigin {
    const instruments: InstrumentUse[] = [];
    let analyzer: number | undefined;
    for (const role of ROLES) {
      const instrument = this.used.get(role);
      const use = instrument ? instrumentUse(role, instrument) : undefined;
      if (!use) continue;
      if (role === 'network_analyzer') analyzer = instruments.length;
      instruments.push(use);
    }
    const calibrations: CalibrationUse[] =
      analyzer === undefined
        ? []
        : [...this.calibrations.values()].map(({ kept, cal, rows }) => ({
            key: kept.key,
            step_indices: rows,
            instrument: analyzer,
            kind: kept.kind,
            ...(kept.ecalSerial !== undefined ? { ecal_serial: kept.ecalSerial } : {}),
            ports: cal.ports,
            start_MHz: cal.startFreq_MHz!,
            stop_MHz: cal.stopFreq_MHz!,
            made_at: kept.madeAt,
            made_by: kept.madeBy,
          }));
    return {
      ...(context.station !== undefined ? { station: context.station } : {}),
      runner_version: context.runnerVersion,
      ...(instruments.length > 0 ? { instruments } : {}),
      ...(calibrations.length > 0 ? { calibrations } : {}),
    };
  }
}
