/**
 * The order of the Products column (docs/api/editor.md, GET /user/edit): by lower-cased name in
 * code-point order, equal names by id. The API sorts in SQL (COLLATE "C"); the web app places an
 * added or renamed product with this, so both show the same list.
 */
export interface NamedRow {
  id: number;
  name: string;
}

function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i] as string).codePointAt(0)! - (y[i] as string).codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

export function compareProducts(a: NamedRow, b: NamedRow): number {
  return compareCodePoints(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id;
}

/** The products with `product` put in its place (an added one, or one replacing the same id). */
export function placeProduct<T extends NamedRow>(products: readonly T[], product: T): T[] {
  return [...products.filter((p) => p.id !== product.id), product].sort(compareProducts);
}
