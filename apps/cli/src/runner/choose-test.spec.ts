import type { RunnerProduct, RunnerSnState } from '@sweepline/domain';
import { exitCodeOf } from '../client/exit';
import { EXIT, UsageError } from '../exit-codes';
import { BlockedTest, findProduct, RunRefused, runnableTests } from './choose-test';

const product = (id: number, name: string): RunnerProduct => ({
  id,
  name,
  model: '',
  info: '',
  seqs: [{ id: 10 * id, name: 'Pass band', stageNo: 1, testNo: 1, version: 1 }],
});
const PRODUCTS = [product(1, 'BPF-600'), product(2, 'CA-300')];
const AT_STAGE_1: RunnerSnState = {
  sn: 'NEW-002',
  productId: 1,
  productName: 'BPF-600',
  stageNo: 1,
  finished: false,
  pending: [],
};

describe('the product and test of sweepline run (docs/cli.md, exit codes)', () => {
  it('finds a product by name without case, or by id', () => {
    expect(findProduct(PRODUCTS, 'bpf-600').id).toBe(1);
    expect(findProduct(PRODUCTS, '2').name).toBe('CA-300');
  });

  it('an unknown product is a usage error: exit 2, naming the products that can run', () => {
    const run = () => findProduct(PRODUCTS, 'NOPE');
    expect(run).toThrow(UsageError);
    expect(run).toThrow(
      "Product 'NOPE' not found (products with a test to run (complete; released, under release control): BPF-600, CA-300).",
    );
    let thrown: unknown;
    try {
      run();
    } catch (error) {
      thrown = error;
    }
    expect(exitCodeOf(thrown)).toBe(EXIT.usage);
  });

  it('an unknown test is a usage error too; a test of another stage is a refusal of that unit (exit 1)', () => {
    expect(() => runnableTests(PRODUCTS[0]!, AT_STAGE_1, 'Nope')).toThrow(UsageError);
    const later = { ...AT_STAGE_1, stageNo: 2 };
    expect(() => runnableTests(PRODUCTS[0]!, later, 'Pass band')).toThrow(RunRefused);
    expect(exitCodeOf(new RunRefused('x'))).toBe(EXIT.failed);
  });
});

describe('a test the runner list does not offer (docs/releases.md)', () => {
  const pending = (id: number, name: string, isCompleted: boolean) => ({
    id,
    name,
    stageNo: 1,
    testNo: 2,
    version: 3,
    releaseNo: null,
    isCompleted,
    nextRunNo: 1,
  });
  const waiting = { ...AT_STAGE_1, pending: [pending(99, 'Stop band', false), pending(98, 'Tuning', true)] };

  it('is blocked, named, so the runner asks the server why (or runs it, released since the list was read)', () => {
    const blocked = () => runnableTests(PRODUCTS[0]!, waiting, undefined);
    expect(blocked).toThrow(BlockedTest);
    expect(blocked).toThrow(
      'Serial number NEW-002 at stage 1 waits for tests that cannot run yet: Stop band, Tuning',
    );
    const thrown = (() => {
      try {
        return blocked();
      } catch (error) {
        return error as BlockedTest;
      }
    })();
    expect(thrown).toHaveProperty('test.id', 99);
  });

  it('is blocked when named with --test too, and a name the serial number does not wait for stays a usage error', () => {
    expect(() => runnableTests(PRODUCTS[0]!, waiting, 'tuning')).toThrow(
      new BlockedTest('Test Tuning cannot run now', waiting.pending[1]!),
    );
    expect(() => runnableTests(PRODUCTS[0]!, waiting, 'Burn-in')).toThrow(UsageError);
  });

  it('leaves the listed pending tests to run, and says when none is left', () => {
    const listed = { ...AT_STAGE_1, pending: [{ ...pending(10, 'Pass band', true) }] };
    expect(runnableTests(PRODUCTS[0]!, listed, undefined).map((t) => t.id)).toEqual([10]);
    expect(() => runnableTests(PRODUCTS[0]!, AT_STAGE_1, undefined)).toThrow(/has no test left to run/);
  });
});
