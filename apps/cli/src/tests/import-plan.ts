import type { ExportedProduct, ExportedTest, Product } from '@sweepline/domain';
import { exportProduct } from '@sweepline/domain';
import type { Difference } from './json-diff';
import { jsonDiff } from './json-diff';

/** What importing one test of the file would do. */
export interface TestPlan {
  name: string;
  action: 'create' | 'update' | 'unchanged';
  /** For an update: each field that changes. */
  changes: Difference[];
  test: ExportedTest;
}

export interface ProductPlan {
  name: string;
  action: 'create' | 'update' | 'unchanged';
  changes: Difference[];
  product: ExportedProduct;
  tests: TestPlan[];
  /** Tests of the product on the server that the file does not hold: an import keeps them. */
  kept: string[];
}

/**
 * A default-named step's name follows its parameters (the server names it), so only the flag is
 * compared; a custom name is compared as it will be stored, trimmed.
 */
function comparable(test: ExportedTest): unknown {
  return {
    ...test,
    name: test.name.trim(),
    steps: test.steps.map((step) => ({ ...step, name: step.isDefaultName ? undefined : step.name.trim() })),
  };
}

function testPlan(test: ExportedTest, current: ExportedTest | undefined): TestPlan {
  if (!current) return { name: test.name, action: 'create', changes: [], test };
  const changes = jsonDiff(comparable(current), comparable(test));
  return { name: test.name, action: changes.length > 0 ? 'update' : 'unchanged', changes, test };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Compares each product and test of the file with the account's (by name, without case). */
export function importPlan(file: readonly ExportedProduct[], server: readonly Product[]): ProductPlan[] {
  return file.map((product) => {
    const existing = server.find((p) => sameName(p.name, product.name));
    const current = existing ? exportProduct(existing) : undefined;
    const tests = product.tests.map((test) =>
      testPlan(
        test,
        current?.tests.find((t) => sameName(t.name, test.name)),
      ),
    );
    const changes = current
      ? jsonDiff(
          { model: current.model, info: current.info },
          { model: product.model.trim(), info: product.info.trim() },
        )
      : [];
    return {
      name: product.name,
      action: !current ? 'create' : changes.length > 0 ? 'update' : 'unchanged',
      changes,
      product,
      tests,
      kept: (current?.tests ?? [])
        .filter((t) => !product.tests.some((f) => sameName(f.name, t.name)))
        .map((t) => t.name),
    };
  });
}
