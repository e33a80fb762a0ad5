/** The seed's public entry (@sweepline/tools): what the benches build their data with. */
export { seed, DEMO_IDENTITY, SCALE_IDENTITY } from './seed';
export { limits, title, type ProductSpec, type StepSpec } from './catalogue';
export { templates } from './results';
export { traceOf } from './traces';
export { insertProducts } from './tests';
export { RUN_CALIBRATION_ROWS, RUN_INSTRUMENT_ROWS, RUN_ORIGIN_SETS_SQL } from './lab-sql';
