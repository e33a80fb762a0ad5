/**
 * An error a simulated instrument puts on its queue instead of acting (SCPI-99 codes, as the
 * real families report them). A command handler throws it; the server queues it and, as real
 * instruments do, sends no reply to the query that caused it.
 */
export class SimError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const SIM_ERRORS = {
  undefinedHeader: () => new SimError(-113, 'Undefined header'),
  suffixOutOfRange: () => new SimError(-114, 'Header suffix out of range'),
  dataType: () => new SimError(-104, 'Data type error'),
  parameterNotAllowed: () => new SimError(-108, 'Parameter not allowed'),
  missingParameter: () => new SimError(-109, 'Missing parameter'),
  illegalValue: () => new SimError(-224, 'Illegal parameter value'),
  outOfRange: (detail?: string) =>
    new SimError(-222, detail ? `Data out of range; ${detail}` : 'Data out of range'),
  settingsConflict: (detail: string) => new SimError(-221, `Settings conflict; ${detail}`),
  triggerIgnored: () => new SimError(-211, 'Trigger ignored'),
  dataStale: () => new SimError(-230, 'Data corrupt or stale'),
  fileNotFound: () => new SimError(-256, 'File name not found'),
  execution: (detail: string) => new SimError(-200, `Execution error; ${detail}`),
} as const;
