import type { ProductListItem } from '@sweepline/domain';

/** A product with one test, as /user/product_list lists it: the analytics screens' usual pick. */
export const F200: ProductListItem = {
  id: 4,
  name: 'F-200',
  model: '',
  info: '',
  seqs: [{ id: 31, name: 'Pass band', stageNo: 1, testNo: 1 }],
};
