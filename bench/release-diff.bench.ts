/**
 * Issue 39's target: the diff of two 500-step releases takes under 100 ms. The two sides are a
 * 500-step test of every action in turn and its edit: one step removed, one added, one moved and
 * a limit changed on every tenth step, so the diff compares every param and orders the moves.
 * Run: npm run bench -- release-diff
 */
import { performance } from 'node:perf_hooks';
import type { ReleaseContent, Step } from '@sweepline/domain';
import { ACTIONS, releaseDiff } from '@sweepline/domain';
import { CAL, completeParam, makeStep } from '@sweepline/domain/src/testing/step-fixtures';

const STEPS = 500;
const WARMUP = 20;
const RUNS = 50;
const TARGET_MS = 100;

function released(count: number): Step[] {
  return Array.from({ length: count }, (_, i) => {
    const action = ACTIONS[i % ACTIONS.length]!;
    return makeStep(i + 1, action.id, completeParam(action.id));
  });
}

/** The draft after a shift of edits: a tightened limit on every tenth step, one step each removed, added and moved. */
function edited(steps: Step[]): Step[] {
  const out = steps
    .filter((s) => s.id !== 250)
    .map((s) => (s.id % 10 === 0 && 'upper' in s.param ? { ...s, param: { ...s.param, upper: 0.5 } } : s));
  const [moved] = out.splice(10, 1);
  out.splice(400, 0, moved!);
  out.push(makeStep(STEPS + 1, ACTIONS[1]!.id, completeParam(ACTIONS[1]!.id)));
  return out;
}

const from: ReleaseContent = { steps: released(STEPS), cals: [CAL] };
const to: ReleaseContent = { steps: edited(from.steps), cals: [{ ...CAL, stopFreq_MHz: 2000 }] };

for (let i = 0; i < WARMUP; i++) releaseDiff(from, to);
const times: number[] = [];
let diff = releaseDiff(from, to);
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  diff = releaseDiff(from, to);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[RUNS >> 1]!;
console.log(
  `release diff: two ${STEPS}-step releases, ${diff.steps.length} steps and ${diff.cals.length} calibration changed, ${RUNS} runs`,
);
console.log(
  `  median ${median.toFixed(2)} ms, worst ${times[RUNS - 1]!.toFixed(2)} ms (target < ${TARGET_MS} ms)`,
);
if (median >= TARGET_MS) process.exit(1);
