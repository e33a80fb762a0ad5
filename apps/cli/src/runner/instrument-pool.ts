import {
  connectNetworkAnalyzer,
  connectPimAnalyzer,
  type ConnectOptions,
  type NetworkAnalyzer,
  type PimAnalyzer,
} from '@sweepline/instruments';
import type { EcalPorts, LabConfig } from './lab-config';

/**
 * The lab's instruments, connected when a step first needs one and kept for the next serial
 * numbers. A driver reconnects by itself after a timeout or a dropped connection.
 */
export class InstrumentPool {
  private na: Promise<NetworkAnalyzer> | undefined;
  private pim: Promise<PimAnalyzer> | undefined;

  constructor(
    private readonly lab: LabConfig,
    private readonly options: ConnectOptions = {},
  ) {}

  /** The ports of the lab's ECal module, or undefined: calibrations then use the mechanical kit. */
  get ecalPorts(): EcalPorts | undefined {
    return this.lab.ecalPorts;
  }

  networkAnalyzer(): Promise<NetworkAnalyzer> {
    const resource = this.lab.networkAnalyzer?.resource;
    if (!resource) {
      return Promise.reject(
        new Error(
          'This test needs a network analyzer, and the lab has none: add it with sweepline lab --na <resource>',
        ),
      );
    }
    this.na ??= connectNetworkAnalyzer(resource, this.options).catch((error: unknown) => {
      this.na = undefined;
      throw error;
    });
    return this.na;
  }

  pimAnalyzer(): Promise<PimAnalyzer> {
    const resource = this.lab.pimAnalyzer?.resource;
    if (!resource) {
      return Promise.reject(
        new Error(
          'This test needs a PIM analyzer, and the lab has none: add it with sweepline lab --pim <resource>',
        ),
      );
    }
    this.pim ??= connectPimAnalyzer(resource, this.options).catch((error: unknown) => {
      this.pim = undefined;
      throw error;
    });
    return this.pim;
  }

  async close(): Promise<void> {
    const open = [this.na, this.pim].filter((p) => p !== undefined);
    this.na = this.pim = undefined;
    await Promise.all(open.map((p) => p.then((i) => i.close()).catch(() => undefined)));
  }
}
