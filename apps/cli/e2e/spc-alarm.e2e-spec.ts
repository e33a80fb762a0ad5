/**
 * Production SPC at the bench, end to end (issue 41; docs/cli.md, "Seeing an SPC alarm"): units
 * measured on a steady simulator give the baseline, `sweepline spc freeze` freezes the step's
 * limits from that day, then `sweepline sim --drift` moves the units' insertion loss and
 * `sweepline run` prints the alarm right after the run that opened it, once, and says of each
 * later violation that it joined the alarm still open. The built program in child processes, the
 * built API on the embedded PostgreSQL, the simulators over TCP. The simulators play the demo's
 * BPF-600 (the product's name is what they go by), so each serial number is its own unit.
 */
import { join } from 'node:path';
import {
  endpoints,
  judgeValues,
  localDay,
  queryString,
  spcAlarmLine,
  type SpcAlarmPage,
  type StepResult,
} from '@sweepline/domain';
import { ActionId, defaultCalibration } from '@sweepline/domain';
import { saveLabConfig } from '../src/runner/lab-config';
import { makeProduct } from '../src/runner/testing/lab-tests';
import { LabPc } from '../src/runner/testing/lab-pc';
import { TestApi } from '../src/runner/testing/test-api';
import { CLI_MAIN, ensureBuiltCli, sweepline as cli, type CliResult } from './support/cli';
import { startSimulators, type RunningSimulators } from './support/tour';

// about 15 runs of the built program: a minute on a quiet machine, four on a loaded one
jest.setTimeout(300_000);

const PRODUCT = 'BPF-600';
const STEP = 'IL max';
/** The pass band of the demo's band-pass filter, as its Pass band test measures it. */
const BAND = { calId: 1, sParam: 'S21', startFreq_MHz: 500, stopFreq_MHz: 700 };
const CAL = { ...defaultCalibration(1, 2, '1-2'), startFreq_MHz: 500, stopFreq_MHz: 700, freqPoints: 201 };
/**
 * Five times the tour's drift, so that CI waits for few units: at the demo filter's spread
 * (σ about 0.04 dB) it breaks a rule within a handful of units, and no unit fails its limit.
 */
const DRIFT = 'insertion-loss:0.05';
const BASELINE_UNITS = 8;
/** Drifting units at most; the test stops at the unit after the one that opened the alarm. */
const DRIFT_UNITS = 12;
const serial = (n: number) => `SPC-${String(n).padStart(2, '0')}`;

let api: TestApi;
let lab: LabPc;
let drifting: RunningSimulators | undefined;

/** The runner's environment on the lab PC, uploading to the API as its editor token. */
const labEnv = () => lab.env(api) as Record<string, string>;
/** The program to its end; an exit code other than 0 fails with what it said. */
async function sweepline(args: string[]): Promise<CliResult> {
  const result = await cli(args, labEnv());
  if (result.code !== 0) throw new Error(`exit ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The value of the step in the newest run of `sn`, as uploaded. */
async function uploadedValue(sn: string): Promise<number> {
  const [run] = await api.sql<{ steps: StepResult[] }>(
    'SELECT steps FROM run WHERE sn = $1 ORDER BY id DESC LIMIT 1',
    [sn],
  );
  return Number(run!.steps.find((row) => row.title === STEP)!.value);
}

/** `sweepline sim` for the network analyzer alone, drifting; resolves with its resource string. */
async function startDriftingSimulator(): Promise<string> {
  drifting = await startSimulators(
    [process.execPath, CLI_MAIN],
    labEnv(),
    ['--family', 'ena', '--drift', DRIFT],
    1,
  );
  return drifting.resources.get('ena')!;
}

beforeAll(async () => {
  ensureBuiltCli();
  api = await TestApi.start();
  lab = await LabPc.start('spc-alarm');
  const sns = Array.from({ length: BASELINE_UNITS + DRIFT_UNITS }, (_, i) => serial(i + 1));
  await makeProduct(
    api,
    PRODUCT,
    [
      {
        action: ActionId.InsertionLossMax,
        name: STEP,
        param: () => ({ ...BAND, title: STEP, lower: null, upper: 1.2 }),
      },
    ],
    sns,
    [CAL],
  );
});

afterAll(async () => {
  drifting?.child.kill('SIGINT');
  await lab?.stop();
  await api?.stop();
});

describe('an SPC alarm at the bench', () => {
  it('freezes limits from a steady day, then prints the alarm a drift opens once, and its later violations as joining it', async () => {
    const firstDay = localDay(Date.now(), 0);
    const baseline: number[] = [];
    for (let n = 1; n <= BASELINE_UNITS; n++) {
      const run = await sweepline(['run', '--product', PRODUCT, '--sn', serial(n)]);
      expect(run.stdout).not.toContain('SPC alarm');
      baseline.push(await uploadedValue(serial(n)));
    }

    const frozen = await sweepline([
      'spc',
      'freeze',
      ...['--product', PRODUCT, '--test', 'Final', '--step', STEP],
      ...['--from', firstDay, '--to', localDay(Date.now(), 0), '--zone-offset', '0', '--json'],
    ]);
    const limits = JSON.parse(frozen.stdout) as {
      centre: number;
      sigmaWithin: number;
      baselineValues: number;
    };
    expect(limits.baselineValues).toBe(BASELINE_UNITS);

    // the lab now measures on a simulator whose units drift, from its first unit on
    saveLabConfig(
      { networkAnalyzer: { resource: await startDriftingSimulator() }, calibrationHours: 8 },
      join(lab.home, 'config', 'lab.json'),
    );
    const values: number[] = [];
    const printed: string[][] = [];
    for (let n = BASELINE_UNITS + 1; n <= BASELINE_UNITS + DRIFT_UNITS; n++) {
      const run = await sweepline(['run', '--product', PRODUCT, '--sn', serial(n)]);
      // drifting, but every unit still passes (exit 0)
      values.push(await uploadedValue(serial(n)));
      // the alarm's line comes right after the verdict, as the run's last words
      const lines = run.stdout.trimEnd().split('\n');
      const alarmLines = lines.filter((line) => line.startsWith('SPC alarm'));
      if (alarmLines.length > 0) expect(lines.slice(-alarmLines.length)).toEqual(alarmLines);
      printed.push(alarmLines);
      const opened = printed.findIndex((lines) => lines.length > 0);
      if (opened >= 0 && printed.length >= opened + 2) break;
    }
    expect(values.at(-1)! - values[0]!).toBeGreaterThan(0.1);

    // what the judge must have said, value by value, against the frozen limits, after the
    // values before the freeze (docs/api/spc.md: a window may straddle the freeze)
    const judged = judgeValues(limits, baseline, values).rules;
    const opened = judged.findIndex((rules) => rules.length > 0);
    expect(opened).toBeGreaterThanOrEqual(0);
    const expected = judged.map((rules, i) => {
      if (rules.length === 0) return [];
      const line = spcAlarmLine(STEP, rules, values[i]! > limits.centre ? 'above' : 'below');
      return [i === opened ? line : `${line} (alarm still open)`];
    });
    expect(printed).toEqual(expected);
    const joined = printed.flat().filter((line) => line.endsWith('(alarm still open)'));
    expect(printed.flat().length - joined.length).toBe(1);
    expect(joined.length).toBeGreaterThan(0);
    // the simulator's log says how far each unit had drifted
    expect(drifting!.log()).toContain(
      `${PRODUCT} ${serial(BASELINE_UNITS + 2)} connected (good; insertion loss +0.05 dB)`,
    );

    const list = await api.call<SpcAlarmPage>(
      'GET',
      `${endpoints.spc.alarms.path}${queryString({ state: 'open' })}`,
    );
    expect(list.alarms).toHaveLength(1);
    expect(list.alarms[0]).toMatchObject({
      step: STEP,
      state: 'open',
      violationCount: judged.filter((rules) => rules.length > 0).length,
    });
    expect(list.alarms[0]!.violations.at(-1)!.sn).toBe(serial(BASELINE_UNITS + 1 + opened));
  });
});
