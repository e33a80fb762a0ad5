import type { Product, Seq } from '@sweepline/domain';
import { UsageError } from '../exit-codes';
import { findProduct } from '../sn/find-product';

/**
 * The product and test that PRODUCT TEST arguments name, among the editor's products: each by
 * id when it is a whole number that is one's id, else by name without case (names are unique
 * within their product). One that matches none is a usage error (exit 2) listing the known ones.
 */
export function findProductTest(
  products: readonly Product[],
  productRef: string,
  testRef: string,
): { product: Product; test: Seq } {
  const product = findProduct(products, productRef);
  const wanted = testRef.trim();
  const byId = /^\d+$/.test(wanted) ? product.seqs.find((s) => s.id === Number(wanted)) : undefined;
  const test = byId ?? product.seqs.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
  if (test) return { product, test };
  const names = product.seqs.map((s) => s.name).join(', ') || 'none';
  throw new UsageError(`Product ${product.name} has no test '${testRef}' (its tests: ${names}).`);
}
