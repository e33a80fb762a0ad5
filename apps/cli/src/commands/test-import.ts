import type { Command } from 'commander';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { ApiError } from '../client/api-error';
import type { SweeplineApi } from '../client/sweepline-api';
import { EXIT } from '../exit-codes';
import { printJson, say } from '../io/terminal';
import type { ProductPlan } from '../tests/import-plan';
import { importPlan } from '../tests/import-plan';
import { readExport } from '../tests/read-export';

interface TestImportOptions extends ConnectionOptions {
  json?: boolean;
}

interface TestOutcome {
  product: string;
  test: string;
  outcome: 'created' | 'updated' | 'unchanged' | 'refused';
  message?: string;
}

/** Writes one product's plan: the product itself when only it changes, then each changed test. */
async function apply(
  api: SweeplineApi,
  plan: ProductPlan,
  serverId: number | undefined,
): Promise<TestOutcome[]> {
  const { name, model, info } = plan.product;
  if (plan.action === 'create' && plan.tests.length === 0) await api.addProduct({ name, model, info });
  const testsChange = plan.tests.some((t) => t.action !== 'unchanged');
  if (plan.action === 'update' && !testsChange && serverId !== undefined) {
    await api.editProduct(serverId, { name, model, info });
  }
  const outcomes: TestOutcome[] = [];
  for (const test of plan.tests) {
    if (test.action === 'unchanged') {
      outcomes.push({ product: name, test: test.name, outcome: 'unchanged' });
      continue;
    }
    try {
      const answer = await api.importTest({ product: { name, model, info }, test: test.test });
      outcomes.push({ product: name, test: test.name, outcome: answer.action });
    } catch (error) {
      // each test is one transaction: a refused one leaves the others imported
      if (!(error instanceof ApiError && error.kind === 'refused')) throw error;
      outcomes.push({ product: name, test: test.name, outcome: 'refused', message: error.message });
    }
  }
  return outcomes;
}

export async function testImportAction(file: string, options: TestImportOptions): Promise<void> {
  const doc = await readExport(file);
  const api = connect(options);
  const server = await api.editorProducts();
  const plans = importPlan(doc.products, server);
  const outcomes: TestOutcome[] = [];
  for (const plan of plans) {
    const serverId = server.find((p) => p.name.toLowerCase() === plan.name.trim().toLowerCase())?.id;
    outcomes.push(...(await apply(api, plan, serverId)));
  }
  const count = (outcome: TestOutcome['outcome']) => outcomes.filter((o) => o.outcome === outcome).length;
  if (options.json) printJson({ outcomes });
  else {
    for (const o of outcomes.filter((x) => x.outcome !== 'unchanged')) {
      say(`${o.outcome} ${o.product} / ${o.test}${o.message ? `: ${o.message}` : ''}`);
    }
    say(
      `Tests: ${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ${count('refused')} refused.`,
    );
  }
  if (count('refused') > 0) process.exitCode = EXIT.failed;
}

export function register(test: Command): void {
  addConnectionOptions(
    test
      .command('import')
      .description('Create or update tests by name from a test-export file')
      .argument('<file>', 'a file of `sweepline test export` (- for standard input)')
      .option('--json', 'print what happened to each test as JSON'),
  )
    .addHelpText(
      'after',
      `
The whole file is checked with the editor's rules before anything is written. Products and tests
are matched by name (without case); each test is written in one transaction, all or nothing.
Tests of the account that the file does not hold are kept. See what would change first with
\`sweepline test diff FILE\`.

Exit codes: 0 imported, 1 a refused file or test, 2 a usage or connection error.

Examples:
  $ sweepline test import tests/f-200.json
  $ curl -s https://example.com/plan.json | sweepline test import -`,
    )
    .action((file: string, options: TestImportOptions) => testImportAction(file, options));
}
