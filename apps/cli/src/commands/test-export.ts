import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { exportProduct, testExport } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { UsageError } from '../exit-codes';
import { say } from '../io/terminal';
import { findProduct } from '../sn/find-product';

interface TestExportOptions extends ConnectionOptions {
  product: string[];
  test?: string[];
  out?: string;
}

export async function testExportAction(options: TestExportOptions): Promise<void> {
  const products = await connect(options).editorProducts();
  const exported = options.product.map((ref) => {
    const product = findProduct(products, ref);
    const wanted = options.test;
    const missing = wanted?.filter(
      (name) => !product.seqs.some((s) => s.name.toLowerCase() === name.trim().toLowerCase()),
    );
    if (wanted && missing?.length === wanted.length) {
      throw new UsageError(
        `Product ${product.name} has no test ${missing.map((n) => `'${n}'`).join(', ')} (its tests: ${product.seqs.map((s) => s.name).join(', ') || 'none'}).`,
      );
    }
    return exportProduct(product, wanted);
  });
  const text = `${JSON.stringify(testExport(exported), null, 2)}\n`;
  if (options.out === undefined) {
    process.stdout.write(text);
    return;
  }
  try {
    writeFileSync(options.out, text);
  } catch (error) {
    throw new UsageError(
      `Cannot write ${options.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const tests = exported.reduce((n, p) => n + p.tests.length, 0);
  say(
    `Exported ${tests} test${tests === 1 ? '' : 's'} of ${exported.map((p) => p.name).join(', ')} to ${options.out}.`,
  );
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

export function register(test: Command): void {
  addConnectionOptions(
    test
      .command('export')
      .description('Write tests with their steps, parameters and calibrations as a JSON file (format v1)')
      .requiredOption('-p, --product <name|id>', 'the product (repeat for several)', collect)
      .option('-t, --test <name>', 'only this test (repeat for several; default: all)', collect)
      .option('-o, --out <file>', 'the file to write (default: standard output)'),
  )
    .addHelpText(
      'after',
      `
The format is documented in docs/cli.md; its JSON Schema is docs/schemas/test-export.v1.json.

Examples:
  $ sweepline test export --product F-200 --out tests/f-200.json
  $ sweepline test export --product F-200 --test "Pass band" > pass-band.json`,
    )
    .action((options: TestExportOptions) => testExportAction(options));
}
