import type { Command } from 'commander';
import { Option } from 'commander';
import {
  describeDrift,
  DRIFT_PARAMETERS,
  FAULT_HELP,
  formatFault,
  SIM_FAMILIES,
} from '@sweepline/instruments';
import type { Simulator } from '@sweepline/instruments';
import type { SimOptions } from '../sim/run-simulators';
import { runSimulators } from '../sim/run-simulators';
import {
  parseDriftOption,
  parseFamilies,
  parseFaultOption,
  parseIdnOption,
  parsePort,
  parseTimeScale,
} from '../sim/sim-options';

/** Where the resource strings go (stdout) and what is said about them (stderr). */
export interface SimOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

const STDIO: SimOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Prints one line per simulator, `family resource *IDN?`, so scripts can read the resource strings. */
export function announce(simulators: readonly Simulator[], output: SimOutput): void {
  for (const sim of simulators) output.out(`${sim.family}\t${sim.resource}\t${sim.idn}`);
  const fault = simulators[0]?.fault;
  const faultText = fault && fault.kind !== 'NONE' ? ` with fault ${formatFault(fault)}` : '';
  const drift = simulators[0]?.drift;
  const driftText = drift ? `, drifting ${describeDrift(drift, 1)} a unit` : '';
  output.err(
    `${simulators.length} simulator${simulators.length === 1 ? '' : 's'} running${faultText}${driftText}. Ctrl+C stops them.`,
  );
}

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

export async function simAction(
  options: SimOptions,
  output: SimOutput = STDIO,
  stopped = untilStopped,
): Promise<void> {
  // the unit each simulator is measuring, as the runner announces it: a trainer's view of the line
  const simulators = await runSimulators({ ...options, onUnit: output.err });
  announce(simulators, output);
  await stopped();
  await Promise.all(simulators.map((sim) => sim.close()));
  output.err('Simulators stopped.');
}

/** `sweepline sim`: simulated instruments on loopback for training, demos and tests (docs/cli.md). */
export function register(program: Command): void {
  program
    .command('sim')
    .description('Start simulated instruments (one per family) and print their VISA resource strings')
    .addOption(
      new Option(
        '-f, --family <families...>',
        `families, by name or comma-separated: ${SIM_FAMILIES.join(', ')}`,
      )
        .env('SWEEPLINE_SIM_FAMILY')
        .argParser(parseFamilies),
    )
    .addOption(
      new Option('-p, --port <port>', 'TCP port of the first simulator, the next ones follow; 0: free ports')
        .env('SWEEPLINE_SIM_PORT')
        .argParser(parsePort)
        .default(5025),
    )
    .addOption(
      new Option('--host <address>', 'address to listen on').env('SWEEPLINE_SIM_HOST').default('127.0.0.1'),
    )
    .addOption(
      new Option('-c, --config <file>', 'JSON file of devices, ports, seed and limits').env(
        'SWEEPLINE_SIM_CONFIG',
      ),
    )
    .addOption(
      new Option('--fault <fault>', `a fault to start with: ${Object.keys(FAULT_HELP).join(', ')}`)
        .env('SWEEPLINE_SIM_FAULT')
        .argParser(parseFaultOption),
    )
    .addOption(
      new Option(
        '--drift <parameter:step>',
        `move a device parameter by the step with each new unit, like insertion-loss:0.01: ${Object.entries(
          DRIFT_PARAMETERS,
        )
          .map(([name, rule]) => `${name} (${rule.unit})`)
          .join(', ')}`,
      )
        .env('SWEEPLINE_SIM_DRIFT')
        .argParser(parseDriftOption),
    )
    .addOption(
      new Option('--time-scale <factor>', 'simulated time per real time: 1 real time, 0 instant sweeps')
        .env('SWEEPLINE_SIM_TIME_SCALE')
        .argParser(parseTimeScale),
    )
    .addOption(
      new Option(
        '--idn <family=answer>',
        "a simulator's *IDN? answer, maker,model,serial,firmware (repeatable), like ena=Keysight Technologies,E5071C,MY46107723,B.14.10",
      ).argParser(parseIdnOption),
    )
    .option('--demo', "play the demo products' units when the runner measures one (the default)")
    .option('--no-demo', "measure the configured devices for every unit, the demo products' too")
    .action((options: Partial<SimOptions> & { family?: SimOptions['families'] }) =>
      simAction({
        families: options.family ?? SIM_FAMILIES,
        port: options.port ?? 5025,
        host: options.host ?? '127.0.0.1',
        ...(options.config !== undefined ? { config: options.config } : {}),
        ...(options.fault ? { fault: options.fault } : {}),
        ...(options.drift ? { drift: options.drift } : {}),
        ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
        ...(options.demo !== undefined ? { demo: options.demo } : {}),
        ...(options.idn ? { idn: options.idn } : {}),
      }),
    );
}
