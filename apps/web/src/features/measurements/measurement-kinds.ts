/** The Measurements group of the Reports side menu, below the four daily reports (docs/web.md). */
export const MEASUREMENT_SCREENS = [
  { path: 'failures', title: 'Failure Pareto' },
  { path: 'capability', title: 'Capability' },
  { path: 'control', title: 'Control Chart' },
] as const;

export type MeasurementPath = (typeof MEASUREMENT_SCREENS)[number]['path'];
