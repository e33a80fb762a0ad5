import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { connectNetworkAnalyzer } from '@sweepline/instruments';
import { UsageError } from '../exit-codes';
import { printTable, say } from '../io/terminal';
import { FORMATS, measureNetwork, measureTrace } from '../runner/measure';

interface MeasureOptions {
  param: string;
  format: string;
  start: number;
  stop: number;
  points: number;
  ifbw: number;
  power: number;
  average: number;
  touchstone?: string;
  ports?: number[];
}

function number(name: string, min: number, max: number, integer = false) {
  return (value: string): number => {
    const n = Number(value);
    if (
      value.trim() === '' ||
      !Number.isFinite(n) ||
      n < min ||
      n > max ||
      (integer && !Number.isInteger(n))
    ) {
      throw new InvalidArgumentError(
        `${name} is ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, not '${value}'.`,
      );
    }
    return n;
  };
}

function sParam(value: string): string {
  const upper = value.toUpperCase();
  if (!/^S[1-4][1-4]$/.test(upper))
    throw new InvalidArgumentError(`An S parameter is S11 to S44, not '${value}'.`);
  return upper;
}

function format(value: string): string {
  if (!(value.toLowerCase() in FORMATS))
    throw new InvalidArgumentError(
      `Choose a format from ${Object.keys(FORMATS).join(', ')}, not '${value}'.`,
    );
  return value.toLowerCase();
}

function ports(value: string): number[] {
  const list = value.split(/[,-]/).map(Number);
  if (!list.every((p, i) => Number.isInteger(p) && p >= 1 && p <= 4 && (i === 0 || p > list[i - 1]!))) {
    throw new InvalidArgumentError(`Ports are 1 to 4, ascending, like 1,2; not '${value}'.`);
  }
  return list;
}

export async function measureAction(resource: string, o: MeasureOptions): Promise<void> {
  if (o.start >= o.stop)
    throw new UsageError(`--start (${o.start} MHz) must be below --stop (${o.stop} MHz)`);
  const stimulus = {
    startHz: o.start * 1e6,
    stopHz: o.stop * 1e6,
    points: o.points,
    ifbwHz: o.ifbw,
    powerDbm: o.power,
    averages: o.average,
  };
  const na = await connectNetworkAnalyzer(resource);
  try {
    if (o.touchstone) {
      const list = o.ports ?? [...new Set([Number(o.param[1]), Number(o.param[2])])].sort();
      writeFileSync(o.touchstone, await measureNetwork(na, stimulus, list));
      say(`Saved ${o.touchstone} (${list.length} ports, ${o.points} points) from ${na.identity.model}`);
      return;
    }
    const { freqs, values } = await measureTrace(na, {
      stimulus,
      sParam: o.param,
      format: FORMATS[o.format]!,
    });
    printTable(
      ['FREQ_MHZ', `${o.param}_${o.format.toUpperCase()}`],
      Array.from(freqs, (f, i) => [
        String(Number((f / 1e6).toPrecision(10))),
        String(Number(values[i]!.toPrecision(7))),
      ]),
    );
  } finally {
    await na.close();
  }
}

export function register(program: Command): void {
  program
    .command('measure')
    .description(
      'One measurement without a test plan: an S parameter in a format over a band, as a table or a Touchstone file',
    )
    .argument('<resource>', 'the network analyzer, e.g. TCPIP0::192.168.0.10::5025::SOCKET')
    .addOption(new Option('--param <S>', 'S parameter, S11 to S44').argParser(sParam).default('S21'))
    .addOption(
      new Option('--format <format>', `${Object.keys(FORMATS).join(', ')}`)
        .argParser(format)
        .default('logmag'),
    )
    .requiredOption('--start <MHz>', 'start frequency, MHz', number('--start', 0.001, 1e6))
    .requiredOption('--stop <MHz>', 'stop frequency, MHz', number('--stop', 0.001, 1e6))
    .addOption(
      new Option('--points <n>', 'points').argParser(number('--points', 2, 20001, true)).default(201),
    )
    .addOption(
      new Option('--ifbw <Hz>', 'IF bandwidth, Hz').argParser(number('--ifbw', 1, 1e7)).default(1000),
    )
    .addOption(
      new Option('--power <dBm>', 'source power, dBm').argParser(number('--power', -100, 30)).default(0),
    )
    .addOption(
      new Option('--average <n>', 'sweeps averaged').argParser(number('--average', 1, 1000, true)).default(1),
    )
    .addOption(
      new Option(
        '--touchstone <file>',
        'save every S parameter of the ports as Touchstone (.s2p …) instead of a table',
      ),
    )
    .addOption(
      new Option('--ports <ports>', 'ports for --touchstone (default: those of --param)').argParser(ports),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline measure TCPIP0::192.168.0.10::5025::SOCKET --param S21 --start 800 --stop 1000
  $ sweepline measure GPIB0::16::INSTR --param S11 --format swr --start 850 --stop 950 --points 101
  $ sweepline measure 192.168.0.10 --start 800 --stop 1000 --touchstone dut.s2p --ports 1,2`,
    )
    .action((resource: string, options: MeasureOptions) => measureAction(resource, options));
}
