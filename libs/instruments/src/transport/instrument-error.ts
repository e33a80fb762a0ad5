/**
 * The one error a transport, a session or a driver throws (CONVENTIONS.md section 5): the runner
 * records `message` on the step and still uploads the run, so every message names the command
 * and says what happened in words an operator at the bench can act on.
 */
export type InstrumentErrorKind =
  /** No (complete) reply within the call's timeout. */
  | 'timeout'
  /** The instrument refused a command: its SYST:ERR? queue held entries (see `scpiErrors`). */
  | 'instrument-error'
  /** The reply is not what the protocol or the requested data format says it must be. */
  | 'bad-reply'
  /** The connection was closed: by us (`close()`), or by the instrument in the middle of a call. */
  | 'closed'
  /** The instrument could not be reached, or the resource string or VISA library is unusable. */
  | 'connect';

/** One entry of the instrument's error queue, as read from `SYST:ERR?`. */
export interface ScpiError {
  readonly code: number;
  readonly message: string;
}

export interface InstrumentErrorDetails {
  /** The SCPI command (or `;`-joined command group) that caused the error. */
  readonly command?: string;
  /** The resource string of the instrument. */
  readonly resource?: string;
  readonly scpiErrors?: readonly ScpiError[];
  readonly cause?: unknown;
}

export class InstrumentError extends Error {
  override readonly name = 'InstrumentError';
  readonly command: string | undefined;
  readonly resource: string | undefined;
  readonly scpiErrors: readonly ScpiError[];

  constructor(
    readonly kind: InstrumentErrorKind,
    message: string,
    details: InstrumentErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.command = details.command;
    this.resource = details.resource;
    this.scpiErrors = details.scpiErrors ?? [];
  }
}

export function isInstrumentError(error: unknown): error is InstrumentError {
  return error instanceof InstrumentError;
}

const MAX_QUOTED_CHARS = 80;

/** A command or reply quoted for a message; long ones (a pasted data block) are cut short. */
export function quote(text: string): string {
  const visible = text.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  return visible.length <= MAX_QUOTED_CHARS
    ? `'${visible}'`
    : `'${visible.slice(0, MAX_QUOTED_CHARS)}…' (${visible.length} characters)`;
}
