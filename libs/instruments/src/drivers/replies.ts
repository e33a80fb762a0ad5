import { InstrumentError, quote } from '../transport/instrument-error';
import { parseAsciiNumbers } from '../transport/scpi-data';
import type { ScpiSession } from '../transport/scpi-session';

/**
 * Checked text replies: a number where one is due, or the instrument's reply is refused as
 * 'bad-reply' naming the command, never read as 0 or NaN.
 */
export function parseNumbers(reply: string, command: string, resource: string, count?: number): number[] {
  let values: number[];
  try {
    values = Array.from(parseAsciiNumbers(reply.replace(/^"(.*)"$/, '$1')));
  } catch {
    values = [];
  }
  const ok =
    values.length > 0 && values.every(Number.isFinite) && (count === undefined || values.length === count);
  if (!ok) {
    const wanted =
      count === undefined || count > 1 ? `${count ?? ''} numbers were`.trimStart() : 'a number was';
    throw new InstrumentError(
      'bad-reply',
      `${resource} answered ${quote(command)} with ${quote(reply)}, where ${wanted} expected.`,
      {
        command,
        resource,
      },
    );
  }
  return values;
}

/** Queries and returns one finite number. */
export async function queryNumber(session: ScpiSession, command: string): Promise<number> {
  const reply = await session.query(command);
  return parseNumbers(reply, command, session.transport.resource, 1)[0] as number;
}

/** Queries and returns the first of one or more numbers (a marker reading `y,0`). */
export async function queryFirstNumber(session: ScpiSession, command: string): Promise<number> {
  const reply = await session.query(command);
  return parseNumbers(reply, command, session.transport.resource)[0] as number;
}

/** Queries a whole number within [min, max] (a point count, a step count). */
export async function queryInteger(
  session: ScpiSession,
  command: string,
  min: number,
  max: number,
): Promise<number> {
  const value = await queryNumber(session, command);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InstrumentError(
      'bad-reply',
      `${session.transport.resource} answered ${quote(command)} with ${value}, where a whole number from ${min} to ${max} was expected.`,
      { command, resource: session.transport.resource },
    );
  }
  return value;
}

/** SCPI string parameters: quotes inside are doubled (IEEE 488.2 7.7.5). */
export function scpiString(text: string, quoteChar: "'" | '"' = "'"): string {
  return `${quoteChar}${text.split(quoteChar).join(quoteChar + quoteChar)}${quoteChar}`;
}
