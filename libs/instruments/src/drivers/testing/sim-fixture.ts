import type { SimConfig, SimFamily } from '../../simulators/sim-config';
import { DEFAULT_SIM_CONFIG } from '../../simulators/sim-config';
import type { Simulator } from '../../simulators/simulator';
import { startSimulator } from '../../simulators/simulator';
import { InstrumentError } from '../../transport/instrument-error';
import { connectInstrument, connectNetworkAnalyzer, connectPimAnalyzer } from '../connect';
import type { ChannelSetup, NetworkAnalyzer, TraceSetup } from '../network-analyzer';
import type { PimAnalyzer } from '../pim-analyzer';

/** Short timeouts, so tests of a silent instrument end quickly. */
export const TEST_TRANSPORT = { queryTimeoutMs: 800, writeTimeoutMs: 800, connectTimeoutMs: 800 };

/** Instant sweeps; every command recorded. */
export function startTestSimulator(family: SimFamily, config: Partial<SimConfig> = {}): Promise<Simulator> {
  return startSimulator({
    family,
    config: { ...DEFAULT_SIM_CONFIG, timeScale: 0, ...config },
    recordCommands: true,
  });
}

export function connectNa(sim: Simulator): Promise<NetworkAnalyzer> {
  return connectNetworkAnalyzer(sim.resource, { transport: TEST_TRANSPORT });
}

export function connectPim(sim: Simulator): Promise<PimAnalyzer> {
  return connectPimAnalyzer(sim.resource, { transport: TEST_TRANSPORT });
}

export { connectInstrument };

/** 800 MHz to 1 GHz around the default band-pass filter (900 MHz, 40 MHz wide) on ports 1-2. */
export const FILTER_SWEEP: ChannelSetup = {
  startHz: 800e6,
  stopHz: 1e9,
  points: 201,
  ifbwHz: 10e3,
  powerDbm: 0,
  averages: 1,
};

export const S21_LOGMAG: TraceSetup = { sParam: 'S21', format: 'logMag' };

/** The InstrumentError a promise rejects with (failing the test if it resolves or throws another error). */
export async function failure(promise: Promise<unknown>): Promise<InstrumentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InstrumentError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Commands the simulator received since `from`, for checking what a driver sent. */
export function commandsSince(sim: Simulator, from: number): string[] {
  return sim.commands.slice(from);
}
