import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { endpoints, formatMeasurement, type CapabilityReport } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { printJson, printTable, say } from '../io/terminal';
import type { AnalysisOptions } from '../report/report-options';
import { addAnalysisOptions, findTest, rangeQuery } from '../report/report-options';

interface CapabilityOptions extends AnalysisOptions, ConnectionOptions {
  test: string;
  step: string;
  minCpk?: number;
}

function parseMinCpk(value: string): number {
  const x = Number(value);
  if (value.trim() === '' || !Number.isFinite(x))
    throw new InvalidArgumentError(`A number, like 1.33, not '${value}'.`);
  return x;
}

/** A quality gate that could not pass: exit code 1 with the reason (docs/cli.md). */
export class CapabilityGateError extends Error {
  override readonly name = 'CapabilityGateError';
}

/** The FIGURE / VALUE rows of the text table. */
export function figureRows(report: CapabilityReport): [string, string][] {
  const f = report.figures;
  // the limits and the mean print apart however close they are (10000000 and 10000000.4); a
  // spread or an index is read alone, to four significant digits
  const among = [report.lower, report.upper, f.mean];
  const onScale = (x: number | null) => (x === null ? '—' : formatMeasurement(x, { limits: among }));
  const dash = (x: number | null) => (x === null ? '—' : formatMeasurement(x));
  return [
    ['LSL', onScale(report.lower)],
    ['USL', onScale(report.upper)],
    ['n', String(f.n)],
    ['Mean', onScale(f.mean)],
    ['σ overall', dash(f.sigmaOverall)],
    ['σ within', dash(f.sigmaWithin)],
    ['Cp', dash(f.cp)],
    ['Cpk', dash(f.cpk)],
    ['Pp', dash(f.pp)],
    ['Ppk', dash(f.ppk)],
    ['Out of limits (%)', dash(f.observedPercentOut)],
    ['Expected PPM', dash(f.expectedPpm)],
  ];
}

function printFigures(report: CapabilityReport, days: readonly [string, string]): void {
  const unit = report.unit ? ` (${report.unit})` : '';
  say(`Capability of ${report.seqName} / ${report.step}${unit}, ${days[0]} to ${days[1]}`);
  say(`Test-plan versions: ${report.versions.join(', ')}`);
  if (report.limitsChanged) say('The limits changed inside the range: the latest ones are used.');
  if (report.notNumeric > 0) say(`${report.notNumeric} rows without a number left out.`);
  printTable(['FIGURE', 'VALUE'], figureRows(report));
  if (report.figures.reason) say(report.figures.reason);
}

/**
 * The capability figures of a step; with --min-cpk a quality gate: exit 1 when Cpk is below the
 * minimum or not defined (a gate that cannot be checked does not pass).
 */
export async function reportCapabilityAction(options: CapabilityOptions): Promise<void> {
  const api = connect(options);
  const { seq } = findTest(await api.request(endpoints.reports.productList), options.product, options.test);
  const { days, query } = rangeQuery(options);
  const report = await api.request(endpoints.analysis.capability, {
    query: { ...query, seq_id: seq.id, step: options.step },
  });
  if (options.json) printJson(report);
  else printFigures(report, days);
  if (options.minCpk === undefined) return;
  const cpk = report.figures.cpk;
  if (cpk === null)
    throw new CapabilityGateError(
      `Cpk is not defined (${report.figures.reason ?? 'no limits'}), so the gate does not pass.`,
    );
  if (cpk < options.minCpk)
    throw new CapabilityGateError(`Cpk ${formatMeasurement(cpk)} is below the minimum ${options.minCpk}.`);
  say(`Cpk ${formatMeasurement(cpk)} meets the minimum ${options.minCpk}.`);
}

export function register(report: Command): void {
  addConnectionOptions(
    addAnalysisOptions(
      report
        .command('capability')
        .description(
          "A step's capability (Cp, Cpk, Pp, Ppk) over a range of days; a quality gate with --min-cpk",
        ),
    )
      .requiredOption('-t, --test <name|id>', 'the test of the product')
      .requiredOption('-s, --step <title>', "the step result's title")
      .option('--min-cpk <x>', 'exit 1 when Cpk is below x (or not defined)', parseMinCpk),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline report capability --product BPF-600 --test Final --step "Insertion Loss Max"
  $ sweepline report capability -p BPF-600 -t Final -s "Insertion Loss Max" --from 2025-03-01 --to 2025-03-31 --json
  $ sweepline report capability -p BPF-600 -t Final -s "Insertion Loss Max" --min-cpk 1.33 || echo "not capable"`,
    )
    .action((options: CapabilityOptions) => reportCapabilityAction(options));
}
