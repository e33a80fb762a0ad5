import type { ScpiServer } from '../scpi/scpi-server';
import type { SimConnection } from '../scpi/sim-connection';
import { SIM_ERRORS } from '../scpi/sim-error';
import { sweepMs } from './vna-measure';
import type { SimChannel } from './vna-channel';

/**
 * A calibration being collected on a channel: the standards its method needs and those measured
 * so far. Every family's commands end up here; saving with a standard missing is refused (-221),
 * as the instruments refuse to compute error terms without it.
 */
export type Standard = 'OPEN' | 'SHORT' | 'LOAD' | 'THRU';

export function standardKey(standard: Standard, ports: readonly number[]): string {
  return `${standard} ${ports.join(',')}`;
}

/**
 * SOLT on n ports: open, short and load on each port, then a thru between every pair; thru
 * only (a response calibration): one thru; `bothDirections`: the ENA measures a thru as i,j
 * and j,i, each its own command.
 */
export function standardsFor(
  ports: readonly number[],
  method: 'SOLT' | 'THRU' | 'REFL',
  bothDirections = false,
): string[] {
  const keys: string[] = [];
  if (method !== 'THRU') {
    for (const port of ports)
      for (const s of ['OPEN', 'SHORT', 'LOAD'] as const) keys.push(standardKey(s, [port]));
  }
  if (method === 'REFL') return keys;
  for (let i = 0; i < ports.length; i++) {
    for (let j = i + 1; j < ports.length; j++) {
      const a = ports[i] as number;
      const b = ports[j] as number;
      keys.push(standardKey('THRU', [a, b]));
      if (bothDirections) keys.push(standardKey('THRU', [b, a]));
    }
  }
  return keys;
}

export function startCollection(
  channel: SimChannel,
  ports: readonly number[],
  needed: readonly string[],
): void {
  channel.collection = { ports, needed, done: new Set() };
  channel.corrected = false;
}

/** Measures one standard: a sweep's time on one port (two for a thru). */
export function measureStandard(
  server: ScpiServer,
  connection: SimConnection,
  channel: SimChannel,
  key: string,
): void {
  const collection = channel.collection;
  if (!collection) throw SIM_ERRORS.settingsConflict('no calibration method chosen');
  if (!collection.needed.includes(key))
    throw SIM_ERRORS.settingsConflict(`${key} is not part of this calibration`);
  collection.done.add(key);
  const ports = key.startsWith('THRU') ? 2 : 1;
  server.startOperation(sweepMs({ ...channel, traces: [] }) * ports, connection);
}

/** Computes the error terms: the channel is corrected from now on. */
export function saveCollection(channel: SimChannel): void {
  const collection = channel.collection;
  if (!collection) throw SIM_ERRORS.settingsConflict('no calibration in progress');
  const missing = collection.needed.filter((key) => !collection.done.has(key));
  if (missing.length > 0)
    throw SIM_ERRORS.settingsConflict(`calibration incomplete, missing ${missing.join('; ')}`);
  channel.collection = undefined;
  channel.corrected = true;
}

/** An electronic calibration unit measures every standard itself: one operation. */
export function electronicCalibration(
  server: ScpiServer,
  connection: SimConnection,
  channel: SimChannel,
  ports: readonly number[],
): void {
  channel.collection = undefined;
  channel.corrected = true;
  server.startOperation(sweepMs({ ...channel, traces: [] }) * ports.length * 3, connection);
}
