/**
 * Issue 14 targets for the runner (apps/cli/src/runner), against the ENA simulator in its own
 * process (`sweepline sim --time-scale 0`: instant sweeps), as an instrument has its own CPU:
 * - software time of one network-analyzer step with 4 traces of 1601 points, REAL,64 transfer
 *   included (target < 5 ms): the runner process's CPU time for the step (set up the channel's
 *   4 traces, sweep and wait, read the stimulus and the 4 traces, judge them with libs/domain),
 *   which excludes the instrument's own sweep and its encoding; the wall time is printed beside;
 * - a 50-step test end to end (no target): smart calibration, 50 measuring steps, the journal
 *   append with fsync; the upload is the API's figure (docs/performance.md, API).
 * Run: npm run bench -- runner
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  ActionId,
  defaultCalibration,
  defaultParam,
  DisplayFormat,
  type AlignParam,
  type Calibration,
  type RunnerSeq,
  type Step,
} from '@sweepline/domain';
import { completeAlignment, makeStep } from '@sweepline/domain/src/testing/step-fixtures';
import { CalibrationKeeper } from '../src/runner/calibration-keeper';
import { runTest } from '../src/runner/engine';
import { InstrumentPool } from '../src/runner/instrument-pool';
import { Journal } from '../src/runner/journal';
import { runNaStep } from '../src/runner/na-steps';
import { SILENT_REPORTER } from '../src/runner/prompter';
import { ScriptedOperator } from '../src/runner/testing/scripted-prompter';
import { startSim } from '@sweepline/testing';

const WARMUP = 50;
const RUNS = 300;
const TARGET_MS = 5;
const CAL: Calibration = {
  ...defaultCalibration(1, 2, '1-2'),
  startFreq_MHz: 800,
  stopFreq_MHz: 1000,
  freqPoints: 1601,
};

/** A complete step of the action's defaults with `param`'s fields over them. */
function step(id: number, actionId: ActionId, param: object): Step {
  const merged = { ...(defaultParam(actionId) as object), ...param } as Step['param'];
  return { ...makeStep(id, actionId, merged), isCompleted: true };
}

/** An Alignment Check of S11, S21, S12, S22 (Log Mag, a limit line and a marker each): one channel, 4 traces. */
function fourTraceStep(): Step {
  const base = completeAlignment({ title: 'Pass band', startFreq: 885, stopFreq: 915, limit: 1 });
  const trace = base.traceArray[0]!;
  const param: AlignParam = {
    channelArray: [
      {
        ...base,
        calId: 1,
        traceArray: ['S11', 'S21', 'S12', 'S22'].map((sParam) => ({
          ...trace,
          sParam,
          df: DisplayFormat.LogMag,
        })),
      },
    ],
  };
  return step(1, ActionId.Align, param);
}

const BAND = { calId: 1, sParam: 'S21', startFreq_MHz: 885, stopFreq_MHz: 915, lower: -1000, upper: 1000 };
const FIFTY: [ActionId, object][] = [
  [ActionId.InsertionLossMax, BAND],
  [ActionId.InsertionLossVariation, BAND],
  [ActionId.ReturnLoss, { ...BAND, sParam: 'S11' }],
  [ActionId.Swr, { ...BAND, sParam: 'S11', lower: null, upper: 1000 }],
  [ActionId.GainAverage, BAND],
  [ActionId.GroupDelay, BAND],
  [ActionId.PhaseMax, { ...BAND, lower: -180, upper: 180 }],
  [ActionId.Attenuation, { ...BAND, startFreq_MHz: 800, stopFreq_MHz: 840 }],
  [ActionId.InsertionLossVariationCross, { ...BAND, spanFreq_MHz: 10 }],
  [ActionId.GainMin, BAND],
];

function fiftyStepTest(): RunnerSeq {
  const steps = Array.from({ length: 50 }, (_, i) => {
    const [action, param] = FIFTY[i % FIFTY.length]!;
    return step(i + 1, action, { ...param, title: `Step ${i + 1}` });
  });
  return { id: 1, productId: 1, name: 'Fifty', stageNo: 1, testNo: 1, version: 1, steps, cals: [CAL] };
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const ms = (x: number) => `${x.toFixed(3)} ms`;

async function main(): Promise<void> {
  const { child, resource } = await startSim();
  const pool = new InstrumentPool({ networkAnalyzer: { resource }, calibrationHours: 8 });
  const journalDir = mkdtempSync(join(tmpdir(), 'sweepline-bench-journal-'));
  try {
    const na = await pool.networkAnalyzer();
    const four = fourTraceStep();
    const ctx = { na, cals: [CAL], steps: [four], measured: new Map(), position: 1 };
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const out = await runNaStep(four, ctx);
      const t1 = performance.now();
      const c = process.cpuUsage(c0);
      if (out.rows.length !== 1) throw new Error('the step gave no result');
      if (i >= WARMUP) {
        cpu.push((c.user + c.system) / 1000);
        wall.push(t1 - t0);
      }
    }
    cpu.sort((a, b) => a - b);
    wall.sort((a, b) => a - b);
    console.log(`\nOne NA step, 4 traces x 1601 points, REAL,64 (${RUNS} runs after ${WARMUP} warm-up):`);
    console.log('| measure | median | p99 | worst | target |');
    console.log('| --- | --- | --- | --- | --- |');
    console.log(
      `| runner CPU per step | ${ms(at(cpu, 0.5))} | ${ms(at(cpu, 0.99))} | ${ms(cpu[cpu.length - 1]!)} | < ${TARGET_MS} ms ${at(cpu, 0.5) < TARGET_MS ? 'ok' : 'MISSED'} |`,
    );
    console.log(
      `| wall per step (with the simulator's work) | ${ms(at(wall, 0.5))} | ${ms(at(wall, 0.99))} | ${ms(wall[wall.length - 1]!)} | - |`,
    );

    const seq = fiftyStepTest();
    const totals: number[] = [];
    const journal = Journal.open(journalDir);
    try {
      for (let i = 0; i < 6; i++) {
        const t0 = performance.now();
        const finished = await runTest({
          seq,
          sn: `B-${i}`,
          productName: 'Bench',
          instruments: pool,
          calibrations: new CalibrationKeeper(8), // calibrates every time: the worst case
          prompter: new ScriptedOperator(),
          reporter: SILENT_REPORTER,
        });
        journal.append(finished.run, finished.files);
        if (i > 0) totals.push(performance.now() - t0); // the first warms up
        if (finished.verdict !== 1)
          throw new Error(
            `the bench run did not pass: ${JSON.stringify(finished.run.upload.steps.find((s) => s.result === 0))}`,
          );
      }
    } finally {
      journal.close();
    }
    totals.sort((a, b) => a - b);
    console.log(
      '\n50-step test end to end (calibration of 7 connections, 50 steps of 1601 points, journal fsync), 5 runs:',
    );
    console.log(
      `| median ${ms(at(totals, 0.5))} | per step ${ms(at(totals, 0.5) / 50)} | worst ${ms(totals[totals.length - 1]!)} |`,
    );
  } finally {
    await pool.close();
    child.kill('SIGTERM');
    rmSync(journalDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
