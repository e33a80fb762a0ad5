export * from './drift';
export * from './faults';
export * from './sim-config';
export * from './sim-identities';
export { parseSimConfig, SimConfigError } from './sim-config-parse';
export { startSimulator } from './simulator';
export type { Simulator, SimulatorOptions } from './simulator';
export { demoUnit, DEMO_PRODUCT_NAMES } from './demo/demo-units';
export type { DemoUnit } from './demo/demo-units';
