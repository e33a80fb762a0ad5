import type { Command } from 'commander';
import { Option } from 'commander';
import { isValidStationText, STATION_LIMITS, STATION_MSG } from '@sweepline/domain';
import { EXIT, UsageError } from '../exit-codes';
import { canPrompt, printTable, say } from '../io/terminal';
import { checkLab } from '../runner/lab-check';
import type { LabConfig } from '../runner/lab-config';
import {
  DEFAULT_LAB,
  ECAL_MSG,
  ECAL_PORTS,
  ecalSerialError,
  isEcalPorts,
  labFile,
  loadLabConfig,
  resourceError,
  saveLabConfig,
  type EcalPorts,
} from '../runner/lab-config';

interface LabOptions {
  na?: string;
  pim?: string;
  calibrationHours?: string;
  ecal?: string;
  ecalSerial?: string;
  station?: string;
  show?: boolean;
  check?: boolean;
}

function checkedResource(value: string, option: string): string {
  const problem = resourceError(value);
  if (problem) throw new UsageError(`${option} '${value}' is not a resource string: ${problem}`);
  return value.trim();
}

/** --ecal: 2 or 4 (the module's ports), 'none' for the mechanical kit; undefined keeps the saved one. */
function ecalOption(value: string | undefined, current: EcalPorts | undefined): EcalPorts | undefined {
  if (value === undefined) return current;
  if (value.trim() === 'none') return undefined;
  const ports = Number(value);
  if (!isEcalPorts(ports))
    throw new UsageError(`--ecal '${value}': ${ECAL_MSG}, or 'none' for the mechanical kit`);
  return ports;
}

/** --ecal-serial: the module's serial number, 'none' to forget it; undefined keeps the saved one. */
function ecalSerialOption(value: string | undefined, current: string | undefined): string | undefined {
  if (value === undefined) return current;
  const serial = value.trim();
  if (serial === 'none') return undefined;
  const problem = ecalSerialError(serial);
  if (problem) throw new UsageError(`--ecal-serial '${value}': ${problem}`);
  return serial;
}

/** --station: a name for the Stations screen, 'none' for the computer's; undefined keeps the saved one. */
function stationOption(value: string | undefined, current: string | undefined): string | undefined {
  if (value === undefined) return current;
  const name = value.trim();
  if (name === 'none') return undefined;
  if (!isValidStationText(name, STATION_LIMITS.nameLength))
    throw new UsageError(`--station '${value}': ${STATION_MSG.name}`);
  return name;
}

const KIT_CHOICES = [
  { name: 'Mechanical kit (open, short, load, thru)', value: 'none' },
  ...ECAL_PORTS.map((n) => ({ name: `${n}-port ECal module (electronic calibration)`, value: String(n) })),
];

/** Which instrument is which, from the options or, on a terminal without them, asked. */
async function edit(lab: LabConfig, options: LabOptions): Promise<LabConfig> {
  let na = options.na;
  let pim = options.pim;
  let ecal = options.ecal;
  let ecalSerial = options.ecalSerial;
  const noOptions = [na, pim, ecal, ecalSerial, options.calibrationHours, options.station].every(
    (o) => o === undefined,
  );
  if (noOptions && canPrompt()) {
    const { input, select } = await import('@inquirer/prompts');
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
    ecal =
      na.trim() === ''
        ? 'none'
        : await select({
            message: 'Calibration kit of the network analyzer',
            choices: KIT_CHOICES,
            default: String(lab.ecalPorts ?? 'none'),
          });
    if (ecal !== 'none')
      ecalSerial = await input({
        message: "The ECal module's serial number (on its label; each calibration records it)",
        default: lab.ecalSerial ?? '',
        validate: (v) => ecalSerialError(v.trim()) ?? true,
      });
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
  const ecalPorts = ecalOption(ecal, lab.ecalPorts);
  const serial = ecalPorts === undefined ? undefined : ecalSerialOption(ecalSerial, lab.ecalSerial);
  const station = stationOption(options.station, lab.station);
  return {
    calibrationHours: hours,
    ...(networkAnalyzer ? { networkAnalyzer } : {}),
    ...(pimAnalyzer ? { pimAnalyzer } : {}),
    ...(ecalPorts !== undefined ? { ecalPorts } : {}),
    ...(serial !== undefined ? { ecalSerial: serial } : {}),
    ...(station !== undefined ? { station } : {}),
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
      "Set up and check this lab PC's instruments (resource strings, *IDN?, 16 channels / 16 traces, ECal module)",
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
    .addOption(
      new Option(
        '--ecal <ports>',
        "the network analyzer's ECal module: 2 or 4 ports ('none': the mechanical kit)",
      ).env('SWEEPLINE_ECAL'),
    )
    .addOption(
      new Option(
        '--ecal-serial <serial>',
        "the ECal module's serial number, recorded with each calibration it makes ('none' forgets it)",
      ).env('SWEEPLINE_ECAL_SERIAL'),
    )
    .addOption(new Option('--calibration-hours <hours>', 'how long a calibration stays valid (the shift)'))
    .addOption(
      new Option(
        '--station <name>',
        "this lab PC's name on the Stations screen ('none': the computer's name)",
      ),
    )
    .addOption(new Option('--show', 'print the saved configuration and where it is'))
    .addOption(new Option('--no-check', 'save without connecting to the instruments'))
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline lab --na TCPIP0::192.168.0.10::5025::SOCKET --pim TCPIP0::192.168.0.11::5025::SOCKET
  $ sweepline lab --na GPIB0::16::INSTR            # through the installed VISA library
  $ sweepline lab --ecal 2 --ecal-serial MY12345678   # calibrate with a 2-port ECal module
  $ sweepline lab --station "Line 2 / Bench 4"     # its name on the Stations screen
  $ sweepline lab                                  # asks, showing the saved values
  $ sweepline lab --show`,
    )
    .action((options: LabOptions) => labAction(options));
}
