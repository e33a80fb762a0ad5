// Public API of the trace maths (docs/measurements.md); internals stay unexported.
export * from './trace-error';
export * from './trace';
export { bandRange, selectBand, EDGE_TOLERANCE } from './band';
export type { IndexRange } from './band';
export { slidingVariation } from './extremes';
export type { WindowVariation } from './extremes';
export * from './judge';
export type { VariationMeasurement, WindowMeasurement, AverageMeasurement } from './statistics';
export {
  attenuation,
  gainAverage,
  gainMax,
  gainMin,
  gainVariation,
  gainVariationCross,
  insertionLossAverage,
  insertionLossMax,
  insertionLossMin,
  insertionLossVariation,
  insertionLossVariationCross,
  isolation,
} from './magnitude';
export * from './reflection';
export * from './relative';
export { apertureSteps, groupDelays, groupDelayTrace } from './delay';
export { phaseAt, unwrapPhase, wrapPhase } from './phase-math';
export * from './phase-steps';
export * from './measure';
export * from './diff';
export * from './cable';
export * from './align';
export * from './pim';
export { fft, ifft } from './fft';
export type { ComplexArrays } from './fft';
export { GATE_SHAPES, kaiserWindow } from './kaiser';
export type { GateShapeInfo } from './kaiser';
export * from './gating';
export * from './touchstone.types';
export { readTouchstone } from './touchstone-read';
export type { ReadOptions } from './touchstone-read';
export { writeTouchstone } from './touchstone-write';
export type { WriteOptions } from './touchstone-write';
