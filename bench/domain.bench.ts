/**
 * Domain targets:
 * - issue 3: validating and naming a 500-step test of mixed action types takes under 5 ms. One
 *   repetition = default names for every step (with step numbers for Diff) + completeness of the
 *   whole test, which is what the API does on every step edit and the editor on every change;
 * - issue 19: time gating of a 1601-point trace under 2 ms, of a 10,000-point trace under 10 ms:
 *   a new gate on every call (its kernel's FFT computed: three FFTs), and the same gate again
 *   (its kernel's spectrum kept from the call before, as when the simulator gates every sweep:
 *   two FFTs).
 * Run: npm run bench -- domain
 */
import { performance } from 'node:perf_hooks';
import type { Step } from '@sweepline/domain';
import { ACTIONS, applyDefaultName, gateTrace, withCompleteness } from '@sweepline/domain';
import { impulseResponse, linearFreqs, sumTraces } from '@sweepline/domain/src/trace-math/synthetic';
import { completeParam, completeSteps, makeSeq, makeStep } from '@sweepline/domain/src/testing/step-fixtures';

const STEPS = 500;
// enough warm-up for V8 to finish optimising, so the figures measure the code, not the JIT
const WARMUP = 300;
const REPETITIONS = 500;

/**
 * Median, p99 and worst of `runs` timed calls after `warmup` untimed ones, in ms, and the mean
 * CPU time of the process per call (its garbage collector's threads included): on a machine
 * shared with other jobs, a call longer than a scheduler slice waits for the CPU and its wall
 * time says more about the other jobs than about the code.
 */
function timed(fn: () => unknown, warmup: number, runs: number): string {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!.toFixed(2);
  const cpuPerCall = ((used.user + used.system) / 1000 / runs).toFixed(2);
  return `median ${at(0.5)} ms, p99 ${at(0.99)} ms, worst ${at(1)} ms, CPU ${cpuPerCall} ms a call`;
}

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
console.log(`domain: name + validate a ${STEPS}-step test (${complete} complete steps), ${REPETITIONS} runs`);
console.log(`  ${timed(() => nameAndValidate(steps), WARMUP, REPETITIONS)} (target < 5 ms)`);

/** A reflection inside the gate and an echo outside it, over 1-2.6 GHz. */
for (const [points, target, runs] of [
  [1601, 2, 1000],
  [10_000, 10, 200],
] as const) {
  const f = linearFreqs(1e9, 2.6e9, points);
  const trace = sumTraces(impulseResponse(f, 2e-9, 0.9), impulseResponse(f, 40e-9, 0.3));
  const o = { type: 'Bandpass', shape: 'Normal', start_s: -10e-9, stop_s: 15e-9 } as const;
  const notch = { ...o, type: 'Notch', shape: 'Maximum' } as const;
  // a stop 1 fs later on every call: a gate not seen before
  let call = 0;
  const fresh = (g: typeof o | typeof notch) => () =>
    gateTrace(trace, { ...g, stop_s: g.stop_s + ++call * 1e-15 });
  console.log(`domain: time gating of a ${points}-point trace, ${runs} runs (target < ${target} ms)`);
  console.log(`  band-pass Normal, new gate   ${timed(fresh(o), 50, runs)}`);
  console.log(`  band-pass Normal, same gate  ${timed(() => gateTrace(trace, o), 50, runs)}`);
  console.log(`  notch Maximum, new gate      ${timed(fresh(notch), 50, runs)}`);
  console.log(`  notch Maximum, same gate     ${timed(() => gateTrace(trace, notch), 50, runs)}`);
}
