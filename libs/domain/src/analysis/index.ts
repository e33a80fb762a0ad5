export * from './sums';
export * from './normal';
export * from './capability';
export * from './control-chart';
export * from './pareto';
export * from './percentiles';
export * from './trace-band';
export * from './histogram';
