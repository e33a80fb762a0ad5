import type { Command } from 'commander';
import {
  endpoints,
  formatDateTime,
  instrumentName,
  verdictLabel,
  type ContainmentAnswer,
  type ContainmentQuery,
  type ContainmentUnit,
} from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { UsageError } from '../exit-codes';
import { printJson, printTable, say } from '../io/terminal';
import { findInstrument, traceQuery, type TraceCriteria } from '../trace/trace-query';

interface TraceOptions extends TraceCriteria, ConnectionOptions {
  json?: boolean;
  csv?: boolean;
}

/** A unit's status now: its stage, or finished. */
const statusOf = (u: ContainmentUnit) =>
  u.finished ? 'finished' : u.stageNo === null ? '' : `stage ${u.stageNo}`;

function printUnits(answer: ContainmentAnswer): void {
  printTable(
    ['SN', 'PRODUCT', 'STATUS NOW', 'RUN', 'TEST', 'START (UTC)', 'RESULT', 'STATION', 'OPERATOR'],
    answer.units.flatMap((u) =>
      u.runs.map((r) => [
        u.sn,
        u.productName,
        statusOf(u),
        String(r.runNo),
        r.seqName,
        formatDateTime(Date.parse(r.startTime), 0),
        verdictLabel(r.result),
        r.station ?? '-',
        r.operator,
      ]),
    ),
  );
}

/**
 * Containment from the command line (issue 40, docs/cli.md "Containment"): every unit and run
 * an instrument (by its serial number), a calibration, a station or an operator measured in a
 * range of UTC days, with each unit's status now; as a table, JSON, or the service's CSV.
 */
export async function traceAction(options: TraceOptions): Promise<void> {
  if (options.json && options.csv) throw new UsageError('Choose --json or --csv, not both.');
  const base = traceQuery(options);
  const api = connect(options);
  let query: ContainmentQuery = base;
  let what = 'the criteria';
  if (options.instrument !== undefined) {
    const instrument = findInstrument(await api.request(endpoints.instruments.list), options.instrument);
    query = { ...base, instrument_id: String(instrument.id) };
    what = instrumentName(instrument);
  }
  if (options.csv) {
    const file = await api.download(endpoints.containment.csv, { query });
    process.stdout.write(file.bytes);
    return;
  }
  const answer = await api.request(endpoints.containment.list, { query });
  if (options.json) return printJson(answer);
  const units = answer.units.length;
  say(
    `Measured by ${what}, ${query.from} to ${query.to} (UTC): ${units} unit${units === 1 ? '' : 's'}, ` +
      `${answer.runCount} run${answer.runCount === 1 ? '' : 's'}`,
  );
  if (answer.truncated)
    say('More runs matched than are listed: narrow the range, or take them all with --csv.');
  if (units > 0) printUnits(answer);
}

export function register(program: Command): void {
  addConnectionOptions(
    program
      .command('trace')
      .description(
        "Containment: the units and runs an instrument, a calibration, a station or an operator measured, with each unit's status now",
      )
      .option(
        '-i, --instrument <serial>',
        "the instrument's serial number (MODEL/SERIAL when two models share it)",
      )
      .option('-c, --calibration <id>', "a calibration's number (the Instruments screen shows each one)")
      .option('--station <name>', "a station's name (the lab PC's)")
      .option('--operator <name>', "an operator's name (the run's user)")
      .requiredOption('--from <YYYY-MM-DD>', 'the first UTC day')
      .requiredOption('--to <YYYY-MM-DD>', 'the last UTC day, included')
      .option('--json', 'print the API answer as JSON')
      .option('--csv', "print the CSV of every run (the Containment screen's export)"),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline trace --instrument MY46107723 --from 2026-09-01 --to 2026-11-29
  $ sweepline trace --instrument E5071C/MY46107723 --station "Line 2 / Bench 4" --from 2026-11-01 --to 2026-11-29 --json
  $ sweepline trace --calibration 812 --from 2026-11-28 --to 2026-11-29 --csv > contained.csv`,
    )
    .action((options: TraceOptions) => traceAction(options));
}
