import type { Command } from 'commander';
import { endpoints, formatMeasurement, type FreezeLimitsBody, type FrozenLimits } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { printJson, printTable, say } from '../io/terminal';
import type { AnalysisOptions } from '../report/report-options';
import { addAnalysisOptions, findTest, rangeQuery } from '../report/report-options';

interface FreezeOptions extends AnalysisOptions, ConnectionOptions {
  test: string;
  step: string;
}

/** The freeze's body: the analytics' range, as texts (docs/api/spc.md). */
export function freezeBody(
  seqId: number,
  step: string,
  query: { start_time: number; stop_time: number; zone_offset: number },
): FreezeLimitsBody {
  return {
    seq_id: String(seqId),
    step,
    start_time: String(query.start_time),
    stop_time: String(query.stop_time),
    zone_offset: String(query.zone_offset),
  };
}

/**
 * The LINE / VALUE rows of the frozen limits, with the digits that keep every zone line (1σ
 * apart: the rules' zones) apart, however large the values are.
 */
export function limitRows(limits: FrozenLimits): [string, string][] {
  const zones = [-2, -1, 1, 2].map((k) => limits.centre + k * limits.sigmaWithin);
  const among = [limits.lowerLimit, limits.centre, limits.upperLimit, ...zones];
  const onScale = (x: number) => formatMeasurement(x, { limits: among });
  return [
    ['Lower control limit (−3σ)', onScale(limits.lowerLimit)],
    ['Centre', onScale(limits.centre)],
    ['Upper control limit (+3σ)', onScale(limits.upperLimit)],
    ['σ within', formatMeasurement(limits.sigmaWithin)],
    ['Baseline values', String(limits.baselineValues)],
  ];
}

/** Freezes a step's control limits from a baseline range (editors and managers). */
export async function spcFreezeAction(options: FreezeOptions): Promise<void> {
  const api = connect(options);
  const { product, seq } = findTest(
    await api.request(endpoints.reports.productList),
    options.product,
    options.test,
  );
  const { days, query } = rangeQuery(options);
  const limits = await api.request(endpoints.spc.freeze, { body: freezeBody(seq.id, options.step, query) });
  if (options.json) return printJson(limits);
  say(`Limits of ${product.name} / ${seq.name} / ${limits.step} frozen from ${days[0]} to ${days[1]}:`);
  printTable(['LINE', 'VALUE'], limitRows(limits));
  say('Every new value is judged against them by the Western Electric rules 1-4 as its run is stored.');
}

export function register(program: Command): void {
  const spc = program.command('spc').description('Production SPC: frozen control limits and alarms');
  addConnectionOptions(
    addAnalysisOptions(
      spc.command('freeze').description("Freeze a step's control limits from a baseline range of days"),
    )
      .requiredOption('-t, --test <name|id>', 'the test of the product')
      .requiredOption('-s, --step <title>', "the step result's title"),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline spc freeze --product BPF-600 --test "Pass band" --step "Insertion Loss Max" --from 2026-11-29 --to 2026-11-29`,
    )
    .action((options: FreezeOptions) => spcFreezeAction(options));
}
