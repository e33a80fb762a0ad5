import type { InstrumentRole } from '@sweepline/domain';
import {
  announceUnit,
  connectNetworkAnalyzer,
  connectPimAnalyzer,
  type ConnectOptions,
  type Instrument,
  type MeasuredUnit,
  type NetworkAnalyzer,
  type PimAnalyzer,
} from '@sweepline/instruments';
import type { EcalPorts, LabConfig } from './lab-config';

/** The instruments a run measures with, and the lab's ECal module. */
export interface Instruments {
  /** The ports of the lab's ECal module, or undefined: calibrations then use the mechanical kit. */
  readonly ecalPorts: EcalPorts | undefined;
  /** The ECal module's serial number, when the lab names it (`sweepline lab --ecal-serial`). */
  readonly ecalSerial: string | undefined;
  networkAnalyzer(unit?: MeasuredUnit): Promise<NetworkAnalyzer>;
  pimAnalyzer(unit?: MeasuredUnit): Promise<PimAnalyzer>;
}

/**
 * Told each instrument as it is connected, before anything is measured with it (the calibration
 * check, issue 40); what it throws refuses the instrument, which is closed again.
 */
export type OnConnect = (role: InstrumentRole, instrument: Instrument) => Promise<void>;

/**
 * The lab's instruments, connected when a step first needs one and kept for the next serial
 * numbers. A driver reconnects by itself after a timeout or a dropped connection.
 */
export class InstrumentPool implements Instruments {
  private na: Promise<NetworkAnalyzer> | undefined;
  private pim: Promise<PimAnalyzer> | undefined;

  constructor(
    private readonly lab: LabConfig,
    private readonly options: ConnectOptions = {},
    private readonly onConnect: OnConnect = () => Promise.resolve(),
  ) {}

  get ecalPorts(): EcalPorts | undefined {
    return this.lab.ecalPorts;
  }

  get ecalSerial(): string | undefined {
    return this.lab.ecalSerial;
  }

  /**
   * The network analyzer; with `unit`, the unit and step about to be measured, which Sweepline's
   * simulators are told so that they play that unit (announceUnit; a real analyzer is not asked).
   */
  async networkAnalyzer(unit?: MeasuredUnit): Promise<NetworkAnalyzer> {
    const na = await this.connectNetworkAnalyzer();
    if (unit) await announceUnit(na, unit);
    return na;
  }

  /** The PIM analyzer, told the unit as networkAnalyzer is. */
  async pimAnalyzer(unit?: MeasuredUnit): Promise<PimAnalyzer> {
    const pim = await this.connectPimAnalyzer();
    if (unit) await announceUnit(pim, unit);
    return pim;
  }

  private connectNetworkAnalyzer(): Promise<NetworkAnalyzer> {
    const resource = this.lab.networkAnalyzer?.resource;
    if (!resource) {
      return Promise.reject(
        new Error(
          'This test needs a network analyzer, and the lab has none: add it with sweepline lab --na <resource>',
        ),
      );
    }
    this.na ??= this.connected('network_analyzer', connectNetworkAnalyzer(resource, this.options)).catch(
      (error: unknown) => {
        this.na = undefined;
        throw error;
      },
    );
    return this.na;
  }

  private connectPimAnalyzer(): Promise<PimAnalyzer> {
    const resource = this.lab.pimAnalyzer?.resource;
    if (!resource) {
      return Promise.reject(
        new Error(
          'This test needs a PIM analyzer, and the lab has none: add it with sweepline lab --pim <resource>',
        ),
      );
    }
    this.pim ??= this.connected('pim_analyzer', connectPimAnalyzer(resource, this.options)).catch(
      (error: unknown) => {
        this.pim = undefined;
        throw error;
      },
    );
    return this.pim;
  }

  private async connected<T extends Instrument>(role: InstrumentRole, connecting: Promise<T>): Promise<T> {
    const instrument = await connecting;
    try {
      await this.onConnect(role, instrument);
    } catch (error) {
      await instrument.close().catch(() => undefined);
      throw error;
    }
    return instrument;
  }

  async close(): Promise<void> {
    const open = [this.na, this.pim].filter((p) => p !== undefined);
    this.na = this.pim = undefined;
    await Promise.all(open.map((p) => p.then((i) => i.close()).catch(() => undefined)));
  }
}
