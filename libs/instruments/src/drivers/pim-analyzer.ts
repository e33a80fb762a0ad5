import type { ScpiSession } from '../transport/scpi-session';
import type { Identity } from './identity';

/** What the runner asks of a PIM analyzer (docs/requirements/step-parameters.md#pim-steps, PIM step params). */
export interface PimCommonSetup {
  /** Each carrier's power, dBm (powerOutput + powerOffset). */
  readonly carrierDbm: number;
  readonly imOrder: 3 | 5 | 7 | 9;
  readonly imProduct: 'low' | 'high';
  readonly mode: 'reverse' | 'forward';
  readonly unit: 'dBm' | 'dBc';
  /** Default: the test's own length plus 10 s. */
  readonly timeoutMs?: number;
}

export interface PimFixedSetup extends PimCommonSetup {
  readonly f1Hz: number;
  readonly f2Hz: number;
  /** 1 to 300 s. */
  readonly durationS: number;
}

export interface PimSweptSetup extends PimCommonSetup {
  /** F1 moves up over sweep 1 (F2 at sweep 2's stop), then F2 moves down over sweep 2 (F1 at sweep 1's start). */
  readonly sweep1: { readonly startHz: number; readonly stopHz: number };
  readonly sweep2: { readonly startHz: number; readonly stopHz: number };
  readonly stepHz: number;
  /** 1 to 10 repetitions of both sweeps. */
  readonly count: number;
}

export interface PimReading {
  readonly f1Hz: number;
  readonly f2Hz: number;
  readonly imFreqHz: number;
  readonly pimDbm: number;
}

export interface PimResult {
  /** The worst (highest) reading. */
  readonly pimDbm: number;
  readonly pimDbc: number;
  readonly imFreqHz: number;
  /** The highest instantaneous sample, at or above the worst reading. */
  readonly peakDbm: number;
  /** pimDbm or pimDbc, as the setup's unit asks. */
  readonly value: number;
  readonly unit: 'dBm' | 'dBc';
  readonly readings: readonly PimReading[];
}

export interface PimAnalyzer {
  readonly kind: 'pim-analyzer';
  readonly family: 'pim-generic';
  readonly identity: Identity;
  readonly session: ScpiSession;
  measureFixed(setup: PimFixedSetup): Promise<PimResult>;
  measureSwept(setup: PimSweptSetup): Promise<PimResult>;
  close(): Promise<void>;
}
