import type { Simulator } from '../../simulators/simulator';
import type { NaFamily, NetworkAnalyzer } from '../network-analyzer';

// What every shared network-analyzer case receives, in a file of its own so that the cases and
// na-suite.ts, which runs them, both import it and neither imports the other.

/** What differs between families in the shared tests: their spelling of a few commands. */
export interface FamilyCase {
  readonly family: NaFamily;
  /** Words of the FAQ advice in the 16-channel error. */
  readonly capacityAdvice: RegExp;
  /**
   * Commands that must appear for the filter sweep at -5 dBm, averaging 4, smoothing 2 % and a
   * Notch/Wide gate on channel 1.
   */
  readonly stimulus: readonly string[];
  readonly averaging: readonly string[];
  readonly smoothing: readonly string[];
  readonly gate: readonly string[];
  /** The SCPI error codes of a channel beyond the maximum, and of a trace beyond it. */
  readonly channelLimitCodes: readonly number[];
  readonly traceLimitCodes: readonly number[];
}

/** The simulator and the driver connected to it, fresh for each test. */
export interface NaFixture {
  sim: Simulator;
  na: NetworkAnalyzer;
}
