export { freePort } from './free-port';
export { buildApi, startBuiltApi, type BuiltApi, type BuiltApiOptions } from './built-api';
export { mailedLink } from './outbox';
export { API_TOKEN_PREFIX, hashToken, newToken } from './tokens';
export { CHROMIUM_FLAGS, CHROMIUM_PATH, launchChromium } from './browser';
export { startSim } from './simulator';
export { PrivatePostgres } from './private-postgres';
export { openEventStream, type EventStreamClient } from './event-stream';
export { apiCaller, type ApiCall } from './api-call';
export {
  FILTER_CAL,
  FILTER_PASS_BAND,
  makeTestProduct,
  type StepSpec,
  type TestProduct,
} from './test-product';
