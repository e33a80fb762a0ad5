export * from './network-analyzer';
export * from './pim-analyzer';
export { FAMILY_RULES, familyOf, parseIdentity, supportedFamilies } from './identity';
export type { FamilyId, Identity } from './identity';
export { calibrationPlan, describeConnection, sharedConnections } from './calibration-plan';
export { connectInstrument, connectNetworkAnalyzer, connectPimAnalyzer } from './connect';
export type { ConnectOptions, Instrument } from './connect';
export * from './step-setup';
