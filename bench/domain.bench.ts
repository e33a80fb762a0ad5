/**
 * Issue 3 target: validating and naming a 500-step test of mixed action types takes under 5 ms.
 * One repetition = default names for every step (with step numbers for Diff) + completeness of
 * the whole test, which is what the API does on every step edit and the editor on every change.
 */
import { performance } from 'node:perf_hooks';
import { ACTIONS, applyDefaultName, Step, withCompleteness } from '@sweepline/domain';
import { completeParam, completeSteps, makeSeq, makeStep } from '@sweepline/domain/src/testing/step-fixtures';

const STEPS = 500;
// enough warm-up for V8 to finish optimising, so the figures measure the code, not the JIT
const WARMUP = 300;
const REPETITIONS = 500;

function mixedSteps(count: number): Step[] {
  // two steps that Diff and depending steps refer to, then every action in turn
  const steps = completeSteps(ACTIONS[0]!.id).slice(0, 2);
  for (let i = steps.length; i < count; i++) {
    const action = ACTIONS[i % ACTIONS.length]!;
    const step = makeStep(i + 1, action.id, completeParam(action.id));
    steps.push({ ...step, isDefaultName: i % 2 === 0 });
  }
  return steps;
}

function nameAndValidate(steps: Step[]): number {
  const positions = new Map(steps.map((s, i) => [s.id, i + 1]));
  const context = { stepNumberOf: (id: number) => positions.get(id) };
  const named = steps.map((s) => applyDefaultName(s, context).step);
  const seq = withCompleteness(makeSeq(named));
  return seq.steps.filter((s) => s.isCompleted).length;
}

const steps = mixedSteps(STEPS);
const complete = nameAndValidate(steps);
for (let i = 0; i < WARMUP; i++) nameAndValidate(steps);
const times: number[] = [];
for (let i = 0; i < REPETITIONS; i++) {
  const start = performance.now();
  nameAndValidate(steps);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const p99 = times[Math.floor(times.length * 0.99)]!;
const worst = times[times.length - 1]!;
console.log(`domain: name + validate a ${STEPS}-step test (${complete} complete steps), ${REPETITIONS} runs`);
console.log(
  `  median ${median.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, worst ${worst.toFixed(2)} ms (target < 5 ms)`,
);
