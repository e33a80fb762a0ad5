import { Command, Option } from 'commander';
import { EXIT, UsageError } from '../exit-codes';
import { canPrompt, printTable, say } from '../io/terminal';
import { checkLab } from '../runner/lab-check';
import {
  DEFAULT_LAB,
  labFile,
  LabConfig,
  loadLabConfig,
  resourceError,
  saveLabConfig,
} from '../runner/lab-config';

interface LabOptions {
  na?: string;
  pim?: string;
  calibrationHours?: string;
  show?: boolean;
  check?: boolean;
}

function checkedResource(value: string, option: string): string {
  const problem = resourceError(value);
  if (problem) throw new UsageError(`${option} '${value}' is not a resource string: ${problem}`);
  return value.trim();
}

/** Which instrument is which, from the options or, on a terminal without them, asked. */
async function edit(lab: LabConfig, options: LabOptions): Promise<LabConfig> {
  let na = options.na;
  let pim = options.pim;
  if (na === undefined && pim === undefined && options.calibrationHours === undefined && canPrompt()) {
    const { input } = await import('@inquirer/prompts');
    const ask = (message: string, current: string | undefined, optional: boolean) =>
      input({
        message,
        default: current ?? '',
        validate: (v) =>
          v.trim() === '' ? (optional ? true : 'Enter a resource string') : (resourceError(v) ?? true),
      });
    na = await ask(
      'Network analyzer (e.g. TCPIP0::192.168.0.10::5025::SOCKET, GPIB0::16::INSTR; empty: none)',
      lab.networkAnalyzer?.resource,
      true,
    );
    pim = await ask('PIM analyzer (empty: none)', lab.pimAnalyzer?.resource, true);
  }
  const hours =
    options.calibrationHours === undefined ? lab.calibrationHours : Number(options.calibrationHours);
  if (!(hours > 0 && hours <= 168))
    throw new UsageError(
      `--calibration-hours '${options.calibrationHours}': a number of hours from above 0 to 168`,
    );
  const role = (value: string | undefined, current: LabConfig['networkAnalyzer'], option: string) =>
    value === undefined
      ? current
      : value.trim() === '' || value === 'none'
        ? undefined
        : { resource: checkedResource(value, option) };
  const networkAnalyzer = role(na, lab.networkAnalyzer, '--na');
  const pimAnalyzer = role(pim, lab.pimAnalyzer, '--pim');
  return {
    calibrationHours: hours,
    ...(networkAnalyzer ? { networkAnalyzer } : {}),
    ...(pimAnalyzer ? { pimAnalyzer } : {}),
  };
}

export async function labAction(options: LabOptions): Promise<void> {
  const file = labFile();
  const saved = loadLabConfig(file);
  if (options.show) {
    if (!saved) throw new UsageError(`No lab configuration yet (${file}): run sweepline lab --na <resource>`);
    process.stdout.write(`${JSON.stringify(saved, null, 2)}\n`);
    return;
  }
  const lab = await edit(saved ?? DEFAULT_LAB, options);
  if (!lab.networkAnalyzer && !lab.pimAnalyzer)
    throw new UsageError('Name at least one instrument: --na <resource> and/or --pim <resource>');
  if (options.check === false) {
    saveLabConfig(lab, file);
    say(`Saved ${file} (not checked)`);
    return;
  }
  const { lines, checked } = await checkLab(lab);
  printTable(
    ['ROLE', 'RESOURCE', '*IDN?'],
    lines.map((l) => [l.role, l.resource, l.idn ?? '-']),
  );
  const problems = lines.filter((l) => l.problem);
  for (const p of problems) say(`${p.role}: ${p.problem}`);
  if (problems.length > 0) {
    say(`Not saved: fix the above and run sweepline lab again (or --no-check to save without checking).`);
    process.exitCode = EXIT.failed;
    return;
  }
  saveLabConfig(checked, file);
  say(`Checked${checked.networkAnalyzer ? ' (16 channels with 16 traces: ok)' : ''}; saved ${file}`);
}

export function register(program: Command): void {
  program
    .command('lab')
    .description(
      "Set up and check this lab PC's instruments (resource strings, *IDN?, 16 channels / 16 traces)",
    )
    .addOption(
      new Option('--na <resource>', "the network analyzer's VISA resource string ('none' removes it)").env(
        'SWEEPLINE_NA',
      ),
    )
    .addOption(
      new Option('--pim <resource>', "the PIM analyzer's VISA resource string ('none' removes it)").env(
        'SWEEPLINE_PIM',
      ),
    )
    .addOption(new Option('--calibration-hours <hours>', 'how long a calibration stays valid (the shift)'))
    .addOption(new Option('--show', 'print the saved configuration and where it is'))
    .addOption(new Option('--no-check', 'save without connecting to the instruments'))
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline lab --na TCPIP0::192.168.0.10::5025::SOCKET --pim TCPIP0::192.168.0.11::5025::SOCKET
  $ sweepline lab --na GPIB0::16::INSTR            # through the installed VISA library
  $ sweepline lab                                  # asks, showing the saved values
  $ sweepline lab --show`,
    )
    .action((options: LabOptions) => labAction(options));
}
