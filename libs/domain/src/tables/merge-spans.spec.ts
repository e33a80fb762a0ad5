import fc from 'fast-check';
import { mergeSpans } from './merge-spans';

interface UsageRow {
  date: string;
  account: string;
  product: string;
  seq: string;
  result: number;
  count: number;
}

const row = (date: string, account: string, product: string, seq: string, result = 1): UsageRow => ({
  date,
  account,
  product,
  seq,
  result,
  count: 1,
});

const HIERARCHY: (keyof UsageRow)[] = ['date', 'account', 'product', 'seq'];

/** Rows built from few values, so equal neighbours are common. */
const usageRows = fc.array(
  fc
    .tuple(
      fc.constantFrom('d1', 'd2'),
      fc.constantFrom('a', 'b'),
      fc.constantFrom('p', 'q'),
      fc.constantFrom('s', 't'),
    )
    .map(([d, a, p, s]) => row(d, a, p, s)),
  { maxLength: 40 },
);

describe('mergeSpans', () => {
  it('merges equal consecutive products of the bill', () => {
    const rows = [{ productName: 'A' }, { productName: 'A' }, { productName: 'B' }, { productName: 'A' }];
    expect(mergeSpans(rows, ['productName'])).toEqual([[2, 0, 1, 1]]);
  });

  it('gives nothing for no rows and one column per column asked', () => {
    expect(mergeSpans<UsageRow>([], HIERARCHY)).toEqual([[], [], [], []]);
    expect(mergeSpans([row('d', 'a', 'p', 's')], [])).toEqual([]);
  });

  it('merges a usage column only inside the cell of the column before it', () => {
    const rows = [
      row('d1', 'a', 'p', 's', 1),
      row('d1', 'a', 'p', 's', 0),
      row('d1', 'b', 'p', 's', 1),
      row('d2', 'b', 'p', 's', 1),
      row('d2', 'b', 'q', 's', 1),
    ];
    expect(mergeSpans(rows, HIERARCHY)).toEqual([
      [3, 0, 0, 2, 0],
      [2, 0, 1, 2, 0],
      [2, 0, 1, 1, 1],
      [2, 0, 1, 1, 1],
    ]);
  });

  it('does not change its input', () => {
    const rows = [row('d1', 'a', 'p', 's'), row('d1', 'a', 'p', 's')];
    const copy = structuredClone(rows);
    mergeSpans(rows, HIERARCHY);
    expect(rows).toEqual(copy);
  });

  it('covers every row exactly once per column', () => {
    fc.assert(
      fc.property(usageRows, (rows) => {
        for (const spans of mergeSpans(rows, HIERARCHY)) {
          expect(spans).toHaveLength(rows.length);
          expect(spans.reduce((a, b) => a + b, 0)).toBe(rows.length);
          let covered = 0;
          spans.forEach((span) => {
            if (span > 0) {
              expect(covered).toBe(0);
              covered = span;
            }
            covered--;
          });
        }
      }),
    );
  });

  it('merges only equal values, and never across the cell of the column before', () => {
    fc.assert(
      fc.property(usageRows, (rows) => {
        const spans = mergeSpans(rows, HIERARCHY);
        HIERARCHY.forEach((column, k) => {
          const parent = spans[k - 1];
          (spans[k] ?? []).forEach((span, top) => {
            for (let i = top; i < top + span; i++) {
              expect(rows[i]?.[column]).toBe(rows[top]?.[column]);
              if (parent && i > top) expect(parent[i]).toBe(0);
            }
          });
        });
      }),
    );
  });

  it('merges as much as it may: a new cell starts only on a change here or above', () => {
    fc.assert(
      fc.property(usageRows, (rows) => {
        const spans = mergeSpans(rows, HIERARCHY);
        HIERARCHY.forEach((_, k) => {
          rows.forEach((r, i) => {
            const above = rows[i - 1];
            const changed = !above || HIERARCHY.slice(0, k + 1).some((c) => r[c] !== above[c]);
            expect((spans[k]?.[i] ?? 0) > 0).toBe(changed);
          });
        });
      }),
    );
  });
});
