import type { Command } from 'commander';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { printJson, say } from '../io/terminal';
import { importPlan } from '../tests/import-plan';
import { formatPlan, planCounts } from '../tests/print-plan';
import { readExport } from '../tests/read-export';

/** `sweepline test diff`: the import plan of a file, written nowhere. */
export async function testDiffAction(
  file: string,
  options: ConnectionOptions & { json?: boolean },
): Promise<void> {
  const doc = await readExport(file);
  const plans = importPlan(doc.products, await connect(options).editorProducts());
  if (options.json)
    return printJson(
      plans.map(({ product: _product, tests, ...rest }) => ({
        ...rest,
        tests: tests.map(({ test: _test, ...t }) => t),
      })),
    );
  process.stdout.write(`${formatPlan(plans)}\n`);
  const counts = planCounts(plans);
  say(
    `An import would create ${counts.create}, update ${counts.update} and leave ${counts.unchanged} tests unchanged.`,
  );
}

export function register(test: Command): void {
  addConnectionOptions(
    test
      .command('diff')
      .description('Show what `test import FILE` would change on the server, changing nothing')
      .argument('<file>', 'a file of `sweepline test export` (- for standard input)')
      .option('--json', 'print the plan as JSON'),
  )
    .addHelpText(
      'after',
      `
Lines start with + (new), ~ (changed, each changed field below it), = (unchanged) or . (on the
server only: an import keeps it).

Example, in a pull request's CI job:
  $ sweepline test diff tests/f-200.json
  ~ product "F-200" (unchanged)
    ~ test "Pass band" 1-1 (1 change)
        steps[0].param.upper: 1.5 -> 1.2`,
    )
    .action(testDiffAction);
}
