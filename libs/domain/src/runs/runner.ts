import type { Step } from '../entities/entities';

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
