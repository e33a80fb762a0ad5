import type { Command } from 'commander';
import { Option } from 'commander';
import { endpoints } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { printJson, printTable, say } from '../io/terminal';
import type { AnalysisOptions } from '../report/report-options';
import { addAnalysisOptions, findTest, rangeQuery } from '../report/report-options';
import { findProduct } from '../sn/find-product';

interface FailuresOptions extends AnalysisOptions, ConnectionOptions {
  count: 'first' | 'every';
}

/** The failure Pareto of a product's test (or all its tests), most failing step first. */
export async function reportFailuresAction(options: FailuresOptions): Promise<void> {
  const api = connect(options);
  const products = await api.request(endpoints.reports.productList);
  const { product, seqId } =
    options.test === undefined
      ? { product: findProduct(products, options.product), seqId: -1 }
      : (({ product: p, seq }) => ({ product: p, seqId: seq.id }))(
          findTest(products, options.product, options.test),
        );
  const { days, query } = rangeQuery(options);
  const report = await api.request(endpoints.analysis.failures, {
    query: { ...query, product_id: product.id, seq_id: seqId, count: options.count },
  });
  if (options.json) return printJson(report);
  const counted =
    options.count === 'first' ? 'each failed run at its first failing step' : 'every failing step';
  say(
    `Failures of ${product.name}${options.test ? ` / ${options.test}` : ''}, ${days[0]} to ${days[1]}: ` +
      `${report.failedRuns} failed and ${report.abortedRuns} aborted runs, counting ${counted}`,
  );
  printTable(
    ['TEST', 'STEP', 'COUNT', '%', 'CUMULATIVE %'],
    report.bars.map((b) => [
      b.seqName ?? '—',
      b.step ?? '(aborted)',
      String(b.count),
      b.percent.toFixed(2),
      b.cumulativePercent.toFixed(2),
    ]),
  );
}

export function register(report: Command): void {
  addConnectionOptions(
    addAnalysisOptions(
      report.command('failures').description('The failure Pareto: failed runs counted by failing step'),
    )
      .option('-t, --test <name|id>', 'one test of the product (default: all of them)')
      .addOption(
        new Option(
          '--count <way>',
          "'first': a run once, at its first failing step; 'every': every failing step",
        )
          .choices(['first', 'every'])
          .default('first'),
      ),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline report failures --product DC-20
  $ sweepline report failures -p DC-20 -t Final --count every --from 2025-03-01 --to 2025-03-31`,
    )
    .action((options: FailuresOptions) => reportFailuresAction(options));
}
