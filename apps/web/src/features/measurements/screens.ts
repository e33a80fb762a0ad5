/** The Measurements screens, one lazily loaded chunk with chart.js (report-routes.tsx). */
export { CapabilityScreen } from './CapabilityScreen';
export { ControlScreen } from './ControlScreen';
export { FailuresScreen } from './FailuresScreen';
