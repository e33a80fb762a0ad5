import type { Command } from 'commander';
import { verdictLabel } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { UsageError } from '../exit-codes';
import { printJson, printTable } from '../io/terminal';
import { findProduct } from '../sn/find-product';

interface ResultsOptions extends ConnectionOptions {
  all?: boolean;
  product?: string;
  json?: boolean;
}

export async function resultsAction(sn: string, options: ResultsOptions): Promise<void> {
  if (sn.trim() === '') throw new UsageError('Name the serial number.');
  const api = connect(options);
  const productId =
    options.product !== undefined ? findProduct(await api.snProducts(), options.product).id : undefined;
  const report = await api.snReport(sn.trim(), options.all === true, productId);
  if (options.json) return printJson(report);
  process.stdout.write(
    `${report.sn} in ${report.productName}: ${report.reports.length} run${report.reports.length === 1 ? '' : 's'}\n`,
  );
  if (report.reports.length === 0) return;
  printTable(
    ['DATE (UTC)', 'TEST', 'RUN', 'RESULT', 'OPERATOR'],
    report.reports.map((r) => [
      r.startTime.replace('T', ' ').replace(/\.\d+Z$/, ''),
      r.seqName,
      String(r.runNo),
      verdictLabel(r.result),
      r.userName,
    ]),
  );
}

export function register(program: Command): void {
  addConnectionOptions(
    program
      .command('results')
      .description("A serial number's test results: the latest run of each test, or every run")
      .argument('<sn>', 'the serial number (case-sensitive)')
      .option('-a, --all', 'every run, not only the latest of each test')
      .option('-p, --product <name|id>', 'the product, when the serial number is in several')
      .option('--json', 'print JSON, with every step result'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline results A-1
  $ sweepline results A-1 --all --json | jq '.reports[] | select(.result == 0)'`,
    )
    .action((sn: string, options: ResultsOptions) => resultsAction(sn, options));
}
