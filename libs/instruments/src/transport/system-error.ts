import type { ScpiError } from './instrument-error';

/** INSTRUMENTS.md section 1: Keysight answers `+0,"No error"`, R&S `0,"No error"`. */
const SYST_ERR_REPLY = /^([+-]?\d+),"(.*)"$/;

/** Parses one `SYST:ERR?` reply; undefined when the reply does not have that shape. */
export function parseSystemError(reply: string): ScpiError | undefined {
  const match = SYST_ERR_REPLY.exec(reply.trim());
  if (!match) return undefined;
  return { code: Number(match[1]), message: match[2] as string };
}

/** `-113,"Undefined header"` as the instrument wrote it, for messages. */
export function formatScpiError(error: ScpiError): string {
  return `${error.code},"${error.message}"`;
}
