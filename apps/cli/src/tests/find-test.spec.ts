import type { Product, Seq } from '@sweepline/domain';
import { UsageError } from '../exit-codes';
import { findProductTest } from './find-test';

const seq = (id: number, name: string) => ({ id, name }) as Seq;
const products = [
  { id: 1, name: 'F-200', seqs: [seq(10, 'Pass band'), seq(11, 'Return loss')] },
  { id: 2, name: 'BPF-600', seqs: [] },
] as unknown as Product[];

describe('findProductTest', () => {
  it('finds the product and its test by name without case, or by id', () => {
    expect(findProductTest(products, 'f-200', 'pass BAND').test.id).toBe(10);
    expect(findProductTest(products, '1', '11').test.name).toBe('Return loss');
  });

  it("refuses an unknown test as a usage error naming the product's tests", () => {
    expect(() => findProductTest(products, 'F-200', 'Stop band')).toThrow(
      new UsageError("Product F-200 has no test 'Stop band' (its tests: Pass band, Return loss)."),
    );
    expect(() => findProductTest(products, 'BPF-600', '10')).toThrow(/its tests: none/);
    expect(() => findProductTest(products, 'F-300', 'Pass band')).toThrow(UsageError);
  });
});
