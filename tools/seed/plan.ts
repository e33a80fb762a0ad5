/**
 * The shape of the generated production, worked out in TypeScript and handed to SQL: how many
 * units start each day, how good each day is, and the tests each product's units go through.
 */
import type { ProductSpec } from './catalogue';
import type { Template } from './results';
import type { BuiltProduct, BuiltTest } from './tests';

export interface DayRow {
  d: number;
  units: number;
  /** Multiplies the first-run failure rate: a bad batch now and then. */
  factor: number;
}

/** Fewer units at weekends, a monthly swing, and a bad day about every 17 days. */
export function days(count: number, units: number, end: Date): DayRow[] {
  const start = end.getTime() - count * 86_400_000;
  const weights = Array.from({ length: count }, (_, d) => {
    const weekday = new Date(start + d * 86_400_000).getUTCDay();
    return (weekday === 0 || weekday === 6 ? 0.25 : 1) * (1 + 0.15 * Math.sin((2 * Math.PI * d) / 30));
  });
  const total = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  return weights.map((w, d) => {
    const share = d === count - 1 ? units - given : Math.round((units * w) / total);
    given += share;
    return { d, units: Math.max(0, share), factor: d % 17 === 11 ? 2.2 : d % 17 === 12 ? 1.5 : 1 };
  });
}

export interface ProductRow {
  product_idx: number;
  product_id: number;
  sn_prefix: string;
  share_lo: number;
  share_hi: number;
  n_stages: number;
}

export interface TestRow {
  product_idx: number;
  seq_id: number;
  ti: number;
  stage_rank: number;
  /** The stage after this test's stage; null after the last one. */
  next_stage: number | null;
  last_in_stage: boolean;
  first_fail: number;
  n_pass: number;
  n_fail: number;
  n_abort: number;
  /**
   * From this time on (the seed's last day), a failed run takes one of `steady_fail`, the failing
   * variants that leave the test's steady step passing (StepSpec.steadyToday); null: any variant.
   */
  steady_from: string | null;
  steady_fail: number[] | null;
}

export function productRows(products: readonly BuiltProduct[]): ProductRow[] {
  const total = products.reduce((a, p) => a + p.spec.share, 0);
  let lo = 0;
  return products.map((p, i) => {
    const hi = i === products.length - 1 ? 1.0001 : lo + p.spec.share / total;
    const row = {
      product_idx: i,
      product_id: p.id,
      sn_prefix: p.spec.snPrefix,
      share_lo: lo,
      share_hi: hi,
      n_stages: new Set(p.tests.map((t) => t.spec.stage)).size,
    };
    lo = hi;
    return row;
  });
}

/** The failing variants of `test` that leave its steady step passing; null when it has none. */
function steadyFailures(test: BuiltTest, templates: readonly Template[]): number[] | null {
  const i = test.spec.steps.findIndex((s) => s.steadyToday);
  if (i < 0) return null;
  const { title } = test.steps[i]!.param as { title: string };
  return templates
    .filter((t) => t.result === 0 && !t.steps.some((row) => row.title === title && row.result === 0))
    .map((t) => t.variant);
}

/**
 * Tests in stage-test order per product; units run them in that order, each until it passes.
 * `lastDay`: the start of the seed's last day, from which a steady step fails no run.
 */
export function testRows(
  products: readonly BuiltProduct[],
  templates: ReadonlyMap<number, Template[]>,
  lastDay: Date,
): TestRow[] {
  return products.flatMap((p, productIndex) => {
    const tests = [...p.tests].sort((a, b) => a.spec.stage - b.spec.stage || a.spec.test - b.spec.test);
    const stages = [...new Set(tests.map((t) => t.spec.stage))];
    return tests.map((t, ti) => {
      const rank = stages.indexOf(t.spec.stage);
      const count = (result: number) => templates.get(t.id)!.filter((x) => x.result === result).length;
      const steady = steadyFailures(t, templates.get(t.id)!);
      return {
        product_idx: productIndex,
        seq_id: t.id,
        ti,
        stage_rank: rank,
        next_stage: stages[rank + 1] ?? null,
        last_in_stage: tests[ti + 1]?.spec.stage !== t.spec.stage,
        first_fail: t.spec.firstFail,
        n_pass: count(1),
        n_fail: count(0),
        n_abort: count(-1),
        steady_from: steady ? lastDay.toISOString() : null,
        steady_fail: steady,
      };
    });
  });
}

/** About how many runs a unit makes: one per test, plus retests after failures and aborts. */
export function runsPerUnit(products: readonly ProductSpec[]): number {
  const total = products.reduce((a, p) => a + p.share, 0);
  return products.reduce(
    (sum, p) => sum + (p.share / total) * p.tests.reduce((a, t) => a + 1.03 + t.firstFail * 1.5, 0),
    0,
  );
}
