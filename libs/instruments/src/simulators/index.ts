export * from './drift';
export * from './faults';
export * from './sim-config';
export * from './sim-identities';
export { parseSimConfig, SimConfigError } from './sim-config-parse';
export { startSimulator } from './simulator';
export type { Simulator, SimulatorOptions } from './simulator';
export { demoUnit, DEMO_PRODUCT_NAMES } from './demo/demo-units';
export type { DemoUnit } from './demo/demo-units';
// what a simulated unit's ports measure, for data drawn as the simulators would measure it (the seed)
export { TestPortNetwork } from './models/network';
