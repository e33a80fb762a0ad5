import { InstrumentError, isInstrumentError } from '../transport/instrument-error';
import { DEFAULT_QUERY_TIMEOUT_MS } from '../transport/transport';
import type { ChannelSetup, TraceSetup } from './network-analyzer';

/**
 * How long a sweep should take, and how long to wait for it (INSTRUMENTS.md section 1: sweep
 * time × sweeps × ports, never less than 5 s). A channel measures once per source port its
 * traces use (S21 and S11 share port 1's sweep; S12 needs port 2's).
 */
export function expectedSweepMs(
  channels: readonly { setup: ChannelSetup | undefined; traces: readonly TraceSetup[] }[],
): number {
  return channels.reduce((total, { setup, traces }) => {
    if (!setup) return total;
    const sources = new Set(traces.map((t) => t.sParam.slice(-1))).size || 1;
    return total + (setup.points / setup.ifbwHz) * 1000 * sources * Math.max(1, setup.averages);
  }, 0);
}

/** 5 s plus twice the expected time: instruments spend time on retrace and band switching too. */
export function sweepTimeoutMs(expectedMs: number): number {
  return Math.ceil(DEFAULT_QUERY_TIMEOUT_MS + 2 * expectedMs);
}

interface SweepContext {
  readonly resource: string;
  readonly channels: readonly number[];
  readonly timeoutMs: number;
  readonly expectedMs: number;
}

/** A timeout or dropped connection during a sweep, told as such (the transport only knows '*OPC?'). */
export function wrapSweepError(error: unknown, context: SweepContext): unknown {
  if (!isInstrumentError(error) || (error.kind !== 'timeout' && error.kind !== 'closed')) return error;
  const which = `${context.channels.length > 1 ? 'channels' : 'channel'} ${context.channels.join(', ')}`;
  const expected = `about ${Math.round(context.expectedMs)} ms expected from the points, IF bandwidth, ports and averages`;
  const message =
    error.kind === 'timeout'
      ? `The sweep of ${which} on ${context.resource} did not finish within ${context.timeoutMs} ms (${expected}). ` +
        'Check the trigger and sweep settings on the instrument, or allow a longer sweep time.'
      : `The connection to ${context.resource} was lost during the sweep of ${which}: ${error.message}`;
  return new InstrumentError(error.kind, message, {
    command: error.command,
    resource: context.resource,
    scpiErrors: error.scpiErrors,
    cause: error,
  });
}
