// Limit lines on plotted traces (docs/measurements.md, "Limit lines").
export * from './limit-table';
export * from './step-plot';
export * from './plotted-trace';
export * from './stored-trace';
export * from './limit-lines';
export * from './derived-plot';
export * from './limits-not-drawn';
