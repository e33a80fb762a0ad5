import { InvalidArgumentError, type Command } from 'commander';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { UsageError } from '../exit-codes';
import { printJson, say } from '../io/terminal';
import { findProductTest } from '../tests/find-test';
import { importPlan } from '../tests/import-plan';
import { formatPlan, planCounts } from '../tests/print-plan';
import { formatReleaseDiff } from '../tests/print-release-diff';
import { readExport } from '../tests/read-export';

interface TestDiffOptions extends ConnectionOptions {
  json?: boolean;
  from?: string;
  to?: string;
}

/** A release number for --from and --to: a whole number from 1 (commander: exit 2 otherwise). */
export function releaseNumber(value: string): string {
  if (!/^[1-9]\d*$/.test(value.trim()))
    throw new InvalidArgumentError('It must be a release number, 1 or more.');
  return value.trim();
}

/** --to: a release number or `draft`. */
export function releaseOrDraft(value: string): string {
  return value.trim().toLowerCase() === 'draft' ? 'draft' : releaseNumber(value);
}

/**
 * `sweepline test diff`, two forms told apart by their arguments: FILE alone is what an import of
 * that file would change; PRODUCT TEST compare two of the test's releases, or one and the draft.
 */
export async function testDiffAction(
  fileOrProduct: string,
  test: string | undefined,
  options: TestDiffOptions,
): Promise<void> {
  if (test !== undefined) return releaseDiffAction(fileOrProduct, test, options);
  if (options.from !== undefined || options.to !== undefined)
    throw new UsageError(
      '--from and --to compare releases of a test: name it, as in `test diff PRODUCT TEST --from 3`.',
    );
  return importDiff(fileOrProduct, options);
}

/** PRODUCT TEST: the server's diff of the two sides (--from: the newest release; --to: the draft). */
async function releaseDiffAction(
  productRef: string,
  testRef: string,
  options: TestDiffOptions,
): Promise<void> {
  const api = connect(options);
  const { test } = findProductTest(await api.editorProducts(), productRef, testRef);
  const diff = await api.releaseDiff(test.id, {
    ...(options.from !== undefined ? { from: options.from } : {}),
    ...(options.to !== undefined ? { to: options.to } : {}),
  });
  if (options.json) return printJson(diff);
  process.stdout.write(`${formatReleaseDiff(test.name, diff)}\n`);
}

/** FILE: the import plan of a file, written nowhere. */
async function importDiff(file: string, options: TestDiffOptions): Promise<void> {
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
      .description(
        'FILE: show what `test import FILE` would change on the server, changing nothing. PRODUCT TEST: compare two releases of a test, or a release and the draft',
      )
      .argument('<file|product>', 'a file of `sweepline test export` (- for standard input), or a product')
      .argument('[test]', "the product's test, by name or id: compares its releases")
      .option('--from <no>', 'PRODUCT TEST: the release to compare from (default: the newest)', releaseNumber)
      .option(
        '--to <no|draft>',
        'PRODUCT TEST: the release to compare to, or draft (the default)',
        releaseOrDraft,
      )
      .option('--json', 'print the plan, or the diff, as JSON'),
  )
    .addHelpText(
      'after',
      `
One argument is the file form; two are PRODUCT TEST. --from and --to need PRODUCT TEST.

The file form: lines start with + (new), ~ (changed, each changed field below it), = (unchanged)
or . (on the server only: an import keeps it).

  $ sweepline test diff tests/f-200.json
  ~ product "F-200" (unchanged)
    ~ test "Pass band" 1-1 (1 change)
        steps[0].param.upper: 1.5 -> 1.2

PRODUCT TEST: steps added (+), removed (-), moved (>) or changed (~), matched by step id, each
changed parameter with its old and new value, limits first; then calibrations.

  $ sweepline test diff F-200 "Pass band" --from 3
  Pass band: release 3 -> the draft
    ~ step 2 "Insertion loss": changed
        upper (limit): 1.2 -> 1.5
    + step 4 "Return loss": added`,
    )
    .action(testDiffAction);
}
