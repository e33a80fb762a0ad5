import { Verdict } from '../results/verdict';

/**
 * Stages of process control (docs/requirements/process-control.md). A product's stages are the distinct
 * stage numbers of its live tests. A serial number is at one stage at a time, or finished (after
 * its last stage), which is written `null`: each stage-history entry holds a stage number or null.
 */
export type StageNo = number | null;

/** The product's stages in ascending order, each once (GET /sn's stageArray). */
export function stagesOf(seqs: readonly { stageNo: number }[]): number[] {
  return [...new Set(seqs.map((s) => s.stageNo))].sort((a, b) => a - b);
}

/** Where a new serial number starts: the lowest stage; undefined when the product has no tests. */
export function firstStage(stages: readonly number[]): number | undefined {
  return stages.length === 0 ? undefined : Math.min(...stages);
}

/**
 * The stage after `current`: the next higher stage that exists (stages need not be contiguous:
 * 1, 3, 10), or null (finished) after the last one.
 */
export function stageAfter(stages: readonly number[], current: number): StageNo {
  let next: StageNo = null;
  for (const stage of stages) if (stage > current && (next === null || stage < next)) next = stage;
  return next;
}

/** A test of the current stage and the result of its latest run in the current stage visit. */
export interface StageTestState {
  seqId: number;
  /** Undefined when the test has not run in this visit. */
  latest?: Verdict;
}

/** The tests still to pass in this visit: never run, or whose latest run failed or was aborted. */
export function pendingSeqIds(tests: readonly StageTestState[]): number[] {
  return tests.filter((t) => t.latest !== Verdict.Passed).map((t) => t.seqId);
}

/**
 * The serial number's stage after a run (docs/requirements/process-control.md): when every test of the current stage has a
 * passing latest run in the current visit, the next stage (or null, finished); otherwise
 * undefined, meaning it stays where it is. A stage without tests is never passed.
 */
export function stageAfterRun(
  stages: readonly number[],
  current: number,
  tests: readonly StageTestState[],
): StageNo | undefined {
  if (tests.length === 0 || pendingSeqIds(tests).length > 0) return undefined;
  return stageAfter(stages, current);
}

/** Refusals of the stage rules (ours: the specifications do not show the runner's calls). */
export const STAGE_MSG = {
  wrongStage: (sn: string, at: number, test: string, stage: number) =>
    `Serial number ${sn} is at stage ${at}; test ${test} is stage ${stage}`,
  finished: (sn: string) =>
    `Serial number ${sn} has finished all stages: jump it to a stage to test it again`,
  noStage: (sn: string) => `Serial number ${sn} has no stage: its product has no tests`,
  notAStage: (stage: number, product: string) => `Product ${product} has no stage ${stage}`,
} as const;
