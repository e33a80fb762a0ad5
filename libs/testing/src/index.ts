export { freePort } from './free-port';
export { buildApi, startBuiltApi, type BuiltApi, type BuiltApiOptions } from './built-api';
export { mailedLink } from './outbox';
export { openEventStream, type EventStreamClient } from './event-stream';
