import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { ApiError } from '../client/api-error';
import { UsageError } from '../exit-codes';
import { say } from '../io/terminal';
import { zoneOffsetOption } from '../report/report-options';
import { findProduct } from '../sn/find-product';

interface ReportPdfOptions extends ConnectionOptions {
  test: string;
  out?: string;
  run?: number;
  product?: string;
  zoneOffset: number;
}

function parseRunNo(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1)
    throw new InvalidArgumentError(`A run number is 1 or more, not '${value}'.`);
  return Number(value);
}

/** The PDF of a serial number's latest run of a test (or its run --run in the latest visit). */
export async function reportPdfAction(sn: string, options: ReportPdfOptions): Promise<void> {
  const api = connect(options);
  const productId =
    options.product !== undefined ? findProduct(await api.snProducts(), options.product).id : undefined;
  const report = await api.snReport(sn.trim(), true, productId);
  const runs = report.reports.filter((r) => r.seqName.toLowerCase() === options.test.trim().toLowerCase());
  const run =
    options.run === undefined
      ? runs[0]
      : runs.find((r) => r.runNo === options.run && r.snStageHistoryId === runs[0]?.snStageHistoryId);
  if (!run) {
    const tests = [...new Set(report.reports.map((r) => r.seqName))];
    throw new ApiError(
      'refused',
      runs.length === 0
        ? `${report.sn} has no run of test '${options.test}'${tests.length ? ` (its tests: ${tests.join(', ')})` : ''}.`
        : `${report.sn} has no run ${options.run} of test '${options.test}' in its latest stage visit.`,
    );
  }
  const pdf = await api.reportPdf({
    seq_id: run.seqId,
    sn: report.sn,
    sn_stage_history_id: run.snStageHistoryId,
    run_no: run.runNo,
    zone_offset: options.zoneOffset,
  });
  const out = options.out ?? pdf.fileName ?? `${report.sn} ${run.seqName}.pdf`;
  try {
    writeFileSync(out, pdf.bytes);
  } catch (error) {
    throw new UsageError(
      `Cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  say(
    `Saved the report of ${report.sn}, ${run.seqName} run ${run.runNo}, in ${out} (${pdf.bytes.length} bytes).`,
  );
}

export function register(report: Command): void {
  addConnectionOptions(
    report
      .command('pdf')
      .description("Save the PDF report of a serial number's latest run of a test")
      .argument('<sn>', 'the serial number')
      .requiredOption('-t, --test <name>', 'the test, by name')
      .option('-o, --out <file>', 'where to save it (default: "<sn> <test>.pdf" here)')
      .option(
        '-r, --run <number>',
        'the run number within the latest stage visit (default: the latest run)',
        parseRunNo,
      )
      .option('-p, --product <name|id>', 'the product, when the serial number is in several')
      .addOption(zoneOffsetOption('for the printed times')),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline report pdf A-1 --test "Pass band" --out A-1.pdf
  $ sweepline report pdf A-1 --test "Pass band" --run 1 --zone-offset 5.5`,
    )
    .action((sn: string, options: ReportPdfOptions) => reportPdfAction(sn, options));
}
