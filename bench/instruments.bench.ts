/**
 * Issue 7 targets for the instruments half. Each section measures one group and returns its
 * rows; main() prints them all. Sections so far:
 * - trace math: judging a 1601-point trace for every measuring action (target < 0.2 ms each,
 *   median); software time gating is timed by bench/domain.bench.ts (issue 19);
 * - transfer of a 1601-point complex trace from the ENA simulator, as REAL,64 and as ASCII
 *   (no target: both medians and their ratio; bench/lib/sim-transfer.ts).
 * Run: npm run bench -- instruments
 */
import { performance } from 'node:perf_hooks';
import type { Step } from '@sweepline/domain';
import {
  ActionId,
  defaultAlignment,
  defaultParamOfKind,
  defaultTrace,
  DisplayFormat,
  GENERAL_MEASURING_ACTIONS,
  getAction,
  InstrumentId,
  measureAlign,
  measureCable,
  measureDiff,
  measureGeneral,
  measurePim,
  traceFormatOf,
} from '@sweepline/domain';
import { delayLinePhase, linearFreqs, rippleTrace } from '@sweepline/domain/src/trace-math/synthetic';
import { transferRows } from './lib/sim-transfer';

// enough warm-up for V8 to finish optimising, so the figures measure the code, not the JIT
const WARMUP = 300;
const POINTS = 1601;

interface Row {
  label: string;
  median: number;
  p99: number;
  worst: number;
  target: number;
}

/** Times `fn` alone, `runs` times after the warm-up; figures in ms. */
function time(label: string, target: number, runs: number, fn: () => unknown): Row {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
  return { label, median: at(0.5), p99: at(0.99), worst: times[times.length - 1]!, target };
}

const freqs = linearFreqs(800e6, 900e6, POINTS);
const band = { ...defaultParamOfKind('general'), startFreq_MHz: 800, stopFreq_MHz: 900, freq_MHz: 850.03 };
const general = { ...band, spanFreq_MHz: 10, smooth: 2, lower: -1, upper: 30 };
// a filter-like Log Mag trace with ripple, and the phase of a 12 ns line with a little ripple
const logMag = rippleTrace(freqs, -1.2, 0.4, 7e6);
const phase = {
  freqs_Hz: freqs,
  values: delayLinePhase(freqs, 12e-9).values.map((v, i) => v + Math.sin(i / 9)),
};
const depending = { trace: logMag, param: band };

function traceMath(): Row[] {
  const TARGET = 0.2;
  const RUNS = 3000;
  const rows = GENERAL_MEASURING_ACTIONS.map((id) => {
    const trace = traceFormatOf(id) === 'phase' ? phase : logMag;
    return time(getAction(id).name, TARGET, RUNS, () =>
      measureGeneral(id, { trace, param: general, depending }),
    );
  });
  const cable = {
    ...defaultParamOfKind('cable'),
    ...band,
    port1Limit: 1.5,
    port2Limit: 1.5,
    transLossLimit_dB: -3,
  };
  const s11 = rippleTrace(freqs, -22, 6, 9e6);
  rows.push(time('Cable', TARGET, RUNS, () => measureCable(cable, { s11, s22: s11, s21: logMag })));
  const line = (type: 'MIN' | 'MAX', v: number) => ({
    type,
    startFreq_MHz: 800,
    stopFreq_MHz: 900,
    startValue: v,
    stopValue: v,
  });
  const align = {
    channelArray: [
      {
        ...defaultAlignment(),
        traceArray: [
          {
            ...defaultTrace(true),
            sParam: 'S21',
            df: DisplayFormat.LogMag,
            lineArray: [line('MIN', -2), line('MAX', 0)],
            markerArray: [{ freq_MHz: 812.34 }, { freq_MHz: 880 }],
          },
        ],
      },
    ],
  };
  rows.push(
    time('Alignment Check (2 lines, 2 markers)', TARGET, RUNS, () => measureAlign(align, [[logMag]])),
  );
  const step = (id: number, actionId: ActionId): Step => ({
    id,
    name: `Step ${id}`,
    isDefaultName: true,
    instrumentId: InstrumentId.NetworkAnalyzer,
    actionId,
    param: general,
    isCompleted: true,
    errors: [],
  });
  const diff = { ...defaultParamOfKind('diff'), stepId1: 1, stepId2: 2, upper: 1 };
  const first = { step: step(1, ActionId.InsertionLossMax), value: 1.4 };
  const second = { step: step(2, ActionId.InsertionLossMin), value: 0.9 };
  rows.push(time('Measurement Difference', TARGET, RUNS, () => measureDiff(diff, first, second)));
  const pim = { ...defaultParamOfKind('pimSweep'), unit: 'dBc' as const, upper: -150 };
  // a swept tone: 3 sweeps of 71 steps
  const readings = Array.from({ length: 213 }, (_, i) => ({
    pim_dBm: -115 + Math.sin(i),
    f1_Hz: 925e6 + (i % 71) * 0.5e6,
    f2_Hz: 960e6,
  }));
  rows.push(time('Swept Tone (213 readings)', TARGET, RUNS, () => measurePim(pim, readings)));
  return rows;
}

const SECTIONS: { title: string; run: () => Row[] | Promise<Row[]> }[] = [
  { title: `trace math: judge a ${POINTS}-point trace (median target < 0.2 ms)`, run: traceMath },
  {
    title: `transfer of a ${POINTS}-point complex trace from the simulator`,
    run: () => transferRows(POINTS),
  },
];

function print(title: string, rows: Row[]): void {
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`instruments: ${title}, after ${WARMUP} warm-up runs`);
  for (const r of rows) {
    const flag = r.median < r.target ? '' : '  OVER TARGET';
    console.log(
      `  ${r.label.padEnd(width)}  median ${r.median.toFixed(4)} ms, p99 ${r.p99.toFixed(4)} ms, worst ${r.worst.toFixed(4)} ms${flag}`,
    );
  }
}

async function main(): Promise<void> {
  let over = 0;
  for (const section of SECTIONS) {
    const rows = await section.run();
    print(section.title, rows);
    over += rows.filter((r) => r.median >= r.target).length;
  }
  if (over > 0) process.exitCode = 1;
}

void main();
