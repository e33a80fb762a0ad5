/**
 * Faults on demand (issue 7), for tests and for training operators on what a failing
 * instrument looks like. Set per simulator (option, config file, `sweepline sim --fault`) or at
 * run time by the hidden command `:SIM:FAULT <kind>[,<value>]` (query `:SIM:FAULT?`).
 */
export type FaultKind = 'NONE' | 'NOREPLY' | 'ERROR' | 'DROP' | 'SLOW';
export const FAULT_KINDS: readonly FaultKind[] = ['NONE', 'NOREPLY', 'ERROR', 'DROP', 'SLOW'];

export interface Fault {
  readonly kind: FaultKind;
  /** ERROR: the SCPI error code queued after each command (default -200, "Execution error"). */
  readonly errorCode?: number;
  /** SLOW: seconds added to every sweep, calibration step and PIM test (default 60). */
  readonly slowS?: number;
}

export const NO_FAULT: Fault = { kind: 'NONE' };
export const DEFAULT_FAULT_ERROR_CODE = -200;
export const DEFAULT_SLOW_S = 60;

/** What each fault does, for `--help`, docs and `:SIM:FAULT` refusals. */
export const FAULT_HELP: Readonly<Record<FaultKind, string>> = {
  NONE: 'behave normally',
  NOREPLY: 'accept every command but answer no query (the client times out)',
  ERROR: 'queue an error (default -200) after every command other than *IDN?, *CLS, *OPC? and SYST:ERR?',
  DROP: 'close the connection halfway through every sweep, and halfway through every binary block',
  SLOW: 'make every sweep, calibration step and PIM test take longer (default 60 s more)',
};

/** Parses `KIND[,value]` (case-insensitive); undefined when it is not a fault. */
export function parseFault(text: string): Fault | undefined {
  const [rawKind = '', rawValue, ...rest] = text.split(',').map((part) => part.trim());
  const kind = rawKind.toUpperCase() as FaultKind;
  if (!FAULT_KINDS.includes(kind) || rest.length > 0) return undefined;
  if (rawValue === undefined || rawValue === '') return { kind };
  const value = Number(rawValue);
  if (kind === 'ERROR' && Number.isInteger(value) && value < 0 && value >= -999)
    return { kind, errorCode: value };
  if (kind === 'SLOW' && Number.isFinite(value) && value >= 0) return { kind, slowS: value };
  return undefined;
}

export function formatFault(fault: Fault): string {
  if (fault.kind === 'ERROR' && fault.errorCode !== undefined) return `ERROR,${fault.errorCode}`;
  if (fault.kind === 'SLOW' && fault.slowS !== undefined) return `SLOW,${fault.slowS}`;
  return fault.kind;
}
