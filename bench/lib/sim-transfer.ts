/**
 * The transfer part of bench/instruments.bench.ts (issue 7): a 1601-point complex trace read
 * from an ENA simulator as REAL,64 and as ASCII. The simulator runs in its own process
 * (`sweepline sim`), as an instrument has its own CPU, so the figures are the runner's call
 * (select the trace, query, decode, both error checks) over loopback TCP plus the simulator's
 * encoding, not one event loop doing both.
 */
import { performance } from 'node:perf_hooks';
import { connectNetworkAnalyzer } from '@sweepline/instruments';
import type { NetworkAnalyzer } from '@sweepline/instruments';
import { startSim } from '@sweepline/testing';

// as many warm-up runs as the other sections, whose heading says so
const WARMUP = 300;
const RUNS = 1000;

export interface TransferRow {
  label: string;
  median: number;
  p99: number;
  worst: number;
  target: number;
}

async function time(label: string, na: NetworkAnalyzer, points: number): Promise<TransferRow> {
  const read = async () => {
    const data = await na.complexData(1, 1);
    if (data.re.length !== points) throw new Error(`${data.re.length} points instead of ${points}`);
  };
  for (let i = 0; i < WARMUP; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await read();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] as number;
  // No target in the issue: both are reported, with their ratio.
  return {
    label,
    median: at(0.5),
    p99: at(0.99),
    worst: times[times.length - 1] as number,
    target: Infinity,
  };
}

/** REAL,64 and ASCII rows, the ASCII one labelled with its ratio to REAL,64 (medians). */
export async function transferRows(points: number): Promise<TransferRow[]> {
  const { child, resource } = await startSim();
  const na = await connectNetworkAnalyzer(resource);
  try {
    const stimulus = { startHz: 800e6, stopHz: 1e9, points, ifbwHz: 1e4, powerDbm: 0, averages: 1 };
    await na.setupChannel(1, stimulus, [{ sParam: 'S21', format: 'logMag' }]);
    await na.sweep(1);
    await na.setTransferFormat('REAL,64', 'SWAP');
    const real = await time('REAL,64 block', na, points);
    await na.setTransferFormat('ASCII');
    const ascii = await time('ASCII', na, points);
    ascii.label = `ASCII (${(ascii.median / real.median).toFixed(1)}× REAL,64)`;
    return [real, ascii];
  } finally {
    await na.close();
    child.kill('SIGINT');
  }
}
