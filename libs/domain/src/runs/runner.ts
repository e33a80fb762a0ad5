import { Calibration } from '../calibration/calibration.types';
import { Step } from '../entities/entities';

/**
 * Answers of the runner's calls (DESIGN.md, "The runner and its calls"), shared by the API and
 * the command-line program.
 */

/** A complete test as GET /runner/products lists it. */
export interface RunnableSeq {
  id: number;
  name: string;
  stageNo: number;
  testNo: number;
  /** Goes up on every change of the test; a run names the version it ran. */
  version: number;
}

/** GET /runner/products: products with at least one complete test, and those tests. */
export interface RunnerProduct {
  id: number;
  name: string;
  model: string;
  info: string;
  seqs: RunnableSeq[];
}

/** GET /runner/seqs/{id}: one complete test in full. */
export interface RunnerSeq extends RunnableSeq {
  productId: number;
  steps: Step[];
  cals: Calibration[];
}

/** A test the serial number still has to pass in its current stage visit. */
export interface PendingSeq extends RunnableSeq {
  /** False: the runner cannot download it until an editor completes it. */
  isCompleted: boolean;
  /** The run_no its next run gets. */
  nextRunNo: number;
}

/** GET /runner/sn: where a serial number is, and what it still has to pass there. */
export interface RunnerSnState {
  sn: string;
  productId: number;
  productName: string;
  /** The current stage; null when finished, or when the product has no tests. */
  stageNo: number | null;
  finished: boolean;
  pending: PendingSeq[];
}

/** Refusals of the runner's calls (ours). */
export const RUNNER_MSG = {
  notComplete: (test: string, why: string) => `Test ${test} is not complete: ${why}`,
  testChanged: 'The test changed since it was downloaded: download it again',
  notOfProduct: (test: string, productId: number) => `Test ${test} is not a test of product ${productId}`,
  clientRunIdUsed: (id: string) => `client_run_id ${id} was used for another run`,
} as const;

/**
 * Why a test is not complete, for RUNNER_MSG.notComplete: no steps, or the first incomplete step
 * (1-based, as the editor numbers them) with its first error.
 */
export function incompleteReason(steps: readonly Pick<Step, 'name' | 'isCompleted' | 'errors'>[]): string {
  if (steps.length === 0) return 'it has no steps';
  const index = steps.findIndex((step) => !step.isCompleted);
  if (index < 0) return 'it must be saved again';
  const step = steps[index]!;
  const error = step.errors[0];
  return `step ${index + 1} (${step.name})${error ? `: ${error}` : ' is not complete'}`;
}
