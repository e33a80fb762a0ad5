import { describeValue } from './json-diff';
import type { ProductPlan } from './import-plan';

const MARK = { create: '+', update: '~', unchanged: '=' } as const;

/** The plan as a reviewer reads it in a pull request: one line per test, one per changed field. */
export function formatPlan(plans: readonly ProductPlan[]): string {
  const lines: string[] = [];
  for (const product of plans) {
    const what =
      product.action === 'create' ? 'new product' : product.action === 'update' ? 'changed' : 'unchanged';
    lines.push(`${MARK[product.action]} product ${JSON.stringify(product.name)} (${what})`);
    for (const change of product.changes) {
      lines.push(`    ${change.path}: ${describeValue(change.before)} -> ${describeValue(change.after)}`);
    }
    for (const test of product.tests) {
      const where = `${test.test.stageNo}-${test.test.testNo}`;
      const detail =
        test.action === 'create'
          ? `new, ${test.test.steps.length} steps, ${test.test.calibrations.length} calibrations`
          : test.action === 'update'
            ? `${test.changes.length} change${test.changes.length === 1 ? '' : 's'}`
            : 'unchanged';
      lines.push(`  ${MARK[test.action]} test ${JSON.stringify(test.name)} ${where} (${detail})`);
      for (const change of test.changes) {
        lines.push(`      ${change.path}: ${describeValue(change.before)} -> ${describeValue(change.after)}`);
      }
    }
    for (const name of product.kept)
      lines.push(`  . test ${JSON.stringify(name)} (on the server, not in the file: kept)`);
  }
  return lines.join('\n');
}

export function planCounts(plans: readonly ProductPlan[]): {
  create: number;
  update: number;
  unchanged: number;
} {
  const counts = { create: 0, update: 0, unchanged: 0 };
  for (const test of plans.flatMap((p) => p.tests)) counts[test.action]++;
  return counts;
}
