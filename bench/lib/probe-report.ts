/**
 * The figures api-probe.cjs wrote from inside the API, summed up for a bench's printout: its event
 * loop's delay, its garbage collector's pauses, and the time a kind of call took inside it.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** An event loop's delay beyond its timer, in ms. */
export interface LoopDelay {
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

interface ProbeFile {
  loopDelayMs: LoopDelay;
  /** The epoch ms of the API's performance.now() 0. */
  timeOrigin: number;
  /** [start ms, duration ms, kind] of each pause */
  gc: [number, number, number][];
  calls: Record<string, number[]>;
  heapSpacesMiB: Record<string, number>;
}

/** The figures api-probe.cjs wrote. */
const readProbe = (file: string): ProbeFile => JSON.parse(readFileSync(file, 'utf8')) as ProbeFile;

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

/** The timer of the loop delay histograms: they hold the whole interval, the delay is beyond it. */
const RESOLUTION_MS = 10;

/** This process's event loop delay, measured from now on (a load generator's own lag). */
export function loopDelay(): IntervalHistogram {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return histogram;
}

export function loopDelayOf(h: IntervalHistogram): LoopDelay {
  const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return {
    p50: ms(h.percentile(50)),
    p99: ms(h.percentile(99)),
    p999: ms(h.percentile(99.9)),
    max: ms(h.max),
  };
}

export function loopDelayLine(who: string, d: LoopDelay): string {
  return `${who} event loop delay: p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms, p99.9 ${d.p999.toFixed(1)} ms, most ${d.max.toFixed(1)} ms`;
}

/** Lines for the probe's file; `call` is the kind of call timed inside the API ("POST /path"). */
export function probeLines(file: string, call: string, seconds: number): string[] {
  const probe = readProbe(file);
  const pauses = probe.gc.map(([, ms]) => ms);
  const inside = probe.calls[call] ?? [];
  const total = pauses.reduce((a, b) => a + b, 0);
  return [
    loopDelayLine('API', probe.loopDelayMs),
    `API garbage collection: ${pauses.length} pauses (${(pauses.length / seconds).toFixed(1)}/s), ${total.toFixed(0)} ms in all (${((total / (seconds * 1000)) * 100).toFixed(2)} % of the time), p99 ${percentile(pauses, 0.99).toFixed(1)} ms, longest ${Math.max(0, ...pauses).toFixed(1)} ms`,
    `API heap at the end: young generation ${probe.heapSpacesMiB['new_space']} MiB, old ${probe.heapSpacesMiB['old_space']} MiB`,
    `${call} inside the API: ${inside.length} calls, p50 ${percentile(inside, 0.5).toFixed(2)} ms, p99 ${percentile(inside, 0.99).toFixed(2)} ms, most ${Math.max(0, ...inside).toFixed(1)} ms`,
  ];
}

/** The garbage collector's pauses of at least `ms` (kind: V8's 1 minor, 4 major, 8 incremental, 16 weak callbacks), each with its epoch ms. */
export function longPauses(file: string, ms: number): { at: number; ms: number; kind: number }[] {
  const probe = readProbe(file);
  return probe.gc
    .filter(([, duration]) => duration >= ms)
    .map(([start, duration, kind]) => ({ at: probe.timeOrigin + start, ms: duration, kind }));
}

/** The event loop delay line of the probe's file. */
export function probeLoopDelayLine(file: string): string {
  return loopDelayLine('API', readProbe(file).loopDelayMs);
}
