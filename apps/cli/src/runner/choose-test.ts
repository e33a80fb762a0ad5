import type { PendingSeq, RunnerProduct, RunnerSeq, RunnerSnState } from '@sweepline/domain';
import { UsageError } from '../exit-codes';
import { findProduct as findListedProduct } from '../sn/find-product';
import type { RunnerApi } from './runner-api';

/**
 * Which test a serial number runs (docs/requirements/process-control.md#which-test-may-run): the test must be of the serial
 * number's current stage; without one named, the stage's pending tests are offered in order.
 */
export class RunRefused extends Error {
  override readonly name = 'RunRefused';
}

/**
 * The serial number's test the runner's list of the shift's start does not offer: not complete,
 * not released yet (under release control), or released since. Downloading it gets the server's
 * own words for why it cannot run (docs/releases.md), or the test, which then runs.
 */
export class BlockedTest extends RunRefused {
  constructor(
    message: string,
    readonly test: PendingSeq,
  ) {
    super(message);
  }
}

/**
 * A product of the runner's list (those with a complete test) by id or name; an unknown one is a
 * usage error (exit 2, docs/cli.md), as every serial number would be refused the same way.
 */
export function findProduct(products: readonly RunnerProduct[], wanted: string): RunnerProduct {
  return findListedProduct(
    products,
    wanted,
    'products with a test to run (complete; released, under release control)',
  );
}

function stageText(stageNo: number | null): string {
  return stageNo === null ? 'no stage' : `stage ${stageNo}`;
}

/**
 * The tests the serial number may run now: the named one if it is of the current stage (a
 * refusal naming both stages otherwise), else the pending complete tests of the stage.
 */
export function runnableTests(
  product: RunnerProduct,
  state: RunnerSnState,
  wantedTest: string | undefined,
): RunnerProduct['seqs'] {
  if (state.finished) {
    throw new RunRefused(
      `Serial number ${state.sn} has finished all stages of ${product.name}: jump it to a stage to test it again`,
    );
  }
  if (wantedTest !== undefined) {
    const byId = /^\d+$/.test(wantedTest) ? product.seqs.find((s) => s.id === Number(wantedTest)) : undefined;
    const seq =
      byId ??
      product.seqs.find((s) => s.name === wantedTest) ??
      product.seqs.find((s) => s.name.toLowerCase() === wantedTest.toLowerCase());
    if (!seq) {
      const pending = state.pending.find((p) => p.name.toLowerCase() === wantedTest.toLowerCase());
      if (pending) throw new BlockedTest(`Test ${pending.name} cannot run now`, pending);
      throw new UsageError(
        `Product ${product.name} has no complete test ${wantedTest}. Tests: ${product.seqs.map((s) => s.name).join(', ')}`,
      );
    }
    if (seq.stageNo !== state.stageNo) {
      throw new RunRefused(
        `Serial number ${state.sn} is at ${stageText(state.stageNo)}, and test ${seq.name} belongs to stage ${seq.stageNo}: it cannot run now`,
      );
    }
    return [seq];
  }
  const pending = product.seqs.filter((s) => state.pending.some((p) => p.id === s.id && p.isCompleted));
  if (pending.length > 0) return pending;
  if (state.pending.length > 0) {
    const names = state.pending.map((p) => p.name).join(', ');
    throw new BlockedTest(
      `Serial number ${state.sn} at ${stageText(state.stageNo)} waits for tests that cannot run yet: ${names}`,
      state.pending[0]!,
    );
  }
  throw new RunRefused(
    `Serial number ${state.sn} at ${stageText(state.stageNo)} has no test left to run; name one with --test to run it again`,
  );
}

/** Downloads the complete test (GET /runner/seqs/{id}). */
export function downloadTest(api: RunnerApi, id: number): Promise<RunnerSeq> {
  return api.seq(id);
}
