import type { Command } from 'commander';
import { verdictLabel, type SnReport } from '@sweepline/domain';
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

/**
 * Without --product, every product that holds the serial number (docs/cli.md, "Results"): a
 * serial number in two products shows both, the product tested last first, each under its name.
 */
export async function resultsAction(sn: string, options: ResultsOptions): Promise<void> {
  if (sn.trim() === '') throw new UsageError('Name the serial number.');
  const api = connect(options);
  const all = options.all === true;
  if (options.product !== undefined) {
    const productId = findProduct(await api.snProducts(), options.product).id;
    const report = await api.snReport(sn.trim(), all, productId);
    return options.json ? printJson(report) : printReport(report);
  }
  const reports = await api.snReportEveryProduct(sn.trim(), all);
  if (options.json) return printJson(reports);
  if (reports.length > 1) {
    const names = reports.map((r) => r.productName).join(', ');
    process.stdout.write(`${reports[0]!.sn} is in ${reports.length} products: ${names}\n`);
  }
  reports.forEach((report, i) => {
    if (i > 0) process.stdout.write('\n');
    printReport(report);
  });
}

function printReport(report: SnReport): void {
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
      .option('-p, --product <name|id>', "only this product's runs, when the serial number is in several")
      .option('--json', 'print JSON, with every step result: a list of products, or one with --product'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline results A-1
  $ sweepline results A-1 --all --json | jq '.[].reports[] | select(.result == 0)'
  $ sweepline results A-1 --product F-200 --json | jq '.reports[0]'`,
    )
    .action((sn: string, options: ResultsOptions) => resultsAction(sn, options));
}
