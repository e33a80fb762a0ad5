import type { RunnerProduct, RunnerSnState } from '@sweepline/domain';
import { exitCodeOf } from '../client/exit';
import { EXIT, UsageError } from '../exit-codes';
import { findProduct, RunRefused, runnableTests } from './choose-test';

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
    expect(run).toThrow("Product 'NOPE' not found (products with a complete test to run: BPF-600, CA-300).");
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
