export * from './faults';
export * from './sim-config';
export { parseSimConfig, SimConfigError } from './sim-config-parse';
export { startSimulator } from './simulator';
export type { Simulator, SimulatorOptions } from './simulator';
