export * from './transport';
export * from './drivers';
export * from './simulators';
