import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Option } from 'commander';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { EXIT, UsageError } from '../exit-codes';
import { progressBar } from '../io/progress';
import { printJson, readStdin, say } from '../io/terminal';
import type { RefusedLine } from '../sn/check-lines';
import { checkLines } from '../sn/check-lines';
import { ImportInterrupted, importSerialNumbers } from '../sn/import-serial-numbers';
import { readLines } from '../sn/read-lines';

interface SnImportOptions extends ConnectionOptions {
  product: string;
  column?: string;
  delimiter: string;
  dryRun?: boolean;
  json?: boolean;
}

/** Refused lines shown in the text summary; --json lists them all. */
const SHOWN_REFUSALS = 20;

async function readSource(file: string): Promise<string> {
  if (file === '-') return readStdin();
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

function printRefused(refused: readonly RefusedLine[]): void {
  for (const r of refused.slice(0, SHOWN_REFUSALS))
    say(`  line ${r.line}: ${r.value === '' ? '(empty)' : r.value}: ${r.reason}`);
  if (refused.length > SHOWN_REFUSALS)
    say(`  … and ${refused.length - SHOWN_REFUSALS} more (--json lists them all)`);
}

export async function snImportAction(file: string, options: SnImportOptions): Promise<void> {
  if (file !== '-' && options.column === undefined && /\.csv$/i.test(file)) {
    throw new UsageError(`${file} looks like CSV: name the column of serial numbers with --column.`);
  }
  const lines = readLines(await readSource(file), {
    ...(options.column !== undefined ? { column: options.column } : {}),
    delimiter: options.delimiter,
  });
  const { valid, refused } = checkLines(lines);
  const api = connect(options);
  const bar = progressBar('Importing');
  let result;
  try {
    result = await importSerialNumbers(api, options.product, valid, {
      dryRun: options.dryRun === true,
      onProgress: ({ done, total }) => bar.update(done, total),
    });
  } catch (error) {
    bar.stop();
    if (error instanceof ImportInterrupted) {
      say(
        `${error.addedBefore} serial numbers were added before this failure; run the same command again to continue.`,
      );
      throw error.reason;
    }
    throw error;
  }
  bar.stop();
  if (options.json) {
    printJson({ ...result, dryRun: options.dryRun === true, refused: refused.length, refusedLines: refused });
  } else {
    const verb = options.dryRun ? 'would add' : 'added';
    say(
      `Product ${result.productName}: ${verb} ${result.added}, already present ${result.alreadyPresent}, refused ${refused.length}${options.dryRun ? ' (dry run: nothing was written)' : ''}.`,
    );
    printRefused(refused);
  }
  if (refused.length > 0) process.exitCode = EXIT.failed;
}

export function register(sn: Command): void {
  addConnectionOptions(
    sn
      .command('import')
      .description('Add the serial numbers of a text or CSV file (or - for standard input) to a product')
      .argument(
        '<file>',
        'a text file with one serial number per line, a CSV file (with --column), or - for standard input',
      )
      .requiredOption('-p, --product <name|id>', 'the product, by name or id')
      .addOption(
        new Option('--column <name>', 'read a CSV file: the header name of the serial-number column'),
      )
      .addOption(new Option('--delimiter <char>', 'the CSV field delimiter').default(','))
      .option('-n, --dry-run', 'check the file and say what would be added, without adding anything')
      .option('--json', 'print the summary as JSON (stdout), with every refused line'),
  )
    .addHelpText(
      'after',
      `
Every line is checked with the serial-number rules before the first call; lines breaking them are
refused and listed, the others are added in calls of at most 1000. Serial numbers the product
already has are counted as already present, so running the same file again adds nothing twice,
and an interrupted import continues where it stopped.

Exit codes: 0 all added (or already present), 1 some lines refused, 2 a usage or connection error.

Examples:
  $ sweepline sn import --product F-200 serials.txt
  $ sweepline sn import --product F-200 --column "Serial Number" labels.csv
  $ sweepline sn import --product 4 --dry-run serials.txt
  $ generate-serials | sweepline sn import --product F-200 --json -`,
    )
    .action((file: string, options: SnImportOptions) => snImportAction(file, options));
}
