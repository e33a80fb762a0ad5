import { compareProducts, placeProduct } from './product-order';

describe('product order (GET /user/edit)', () => {
  it('sorts by lower-cased name in code-point order, then id', () => {
    const rows = [
      { id: 3, name: 'beta' },
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'alpha' },
      { id: 4, name: 'Zed' },
      { id: 5, name: '_x' },
    ];
    expect([...rows].sort(compareProducts).map((r) => r.id)).toEqual([5, 1, 2, 3, 4]);
  });

  it('places an added product and moves a renamed one', () => {
    const list = [
      { id: 1, name: 'a' },
      { id: 2, name: 'c' },
    ];
    expect(placeProduct(list, { id: 3, name: 'B' }).map((r) => r.id)).toEqual([1, 3, 2]);
    expect(placeProduct(list, { id: 1, name: 'd' }).map((r) => r.id)).toEqual([2, 1]);
  });
});
