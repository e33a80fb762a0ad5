/**
 * `sweepline run` and `sweepline queue` as an operator and a script meet them: the real program
 * in child processes, the operator's prompts driven in a real terminal (tmux), a runner killed
 * between measuring and uploading, against the built API on the embedded PostgreSQL and
 * simulators over TCP.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProduct } from '@sweepline/testing';
import { makeProduct, OPERATOR_TEST, UNATTENDED_TEST } from './testing/lab-tests';
import { LabPc, MAIN } from './testing/lab-pc';
import { TestApi } from './testing/test-api';

jest.setTimeout(240_000);

const HANG = join(__dirname, 'testing', 'measure-then-hang.ts');

let api: TestApi;
let lab: LabPc;
let unattended: TestProduct;

const cliEnv = (extra: Record<string, string> = {}) => lab.env(api, extra);

/** The program to its end: exit code and output (standard input is not a terminal). */
const sweepline = (args: string[]) => lab.sweepline(args, cliEnv()).done;

async function runsOf(sn: string) {
  return api.sql<{ result: number; client_run_id: string }>(
    'SELECT result, client_run_id FROM run WHERE sn = $1 ORDER BY id',
    [sn],
  );
}

beforeAll(async () => {
  api = await TestApi.start();
  lab = await LabPc.start('cli-home');
  await makeProduct(api, 'P-TTY', OPERATOR_TEST, ['T-001', 'T-002']);
  unattended = await makeProduct(api, 'P-CI', UNATTENDED_TEST, ['C-001', 'C-002', 'C-003']);
});

afterAll(async () => {
  await lab?.stop();
  await api?.stop();
});

describe('sweepline run without a terminal', () => {
  it('runs one unit from flags, prints a plain log and the verdict, and exits with it', async () => {
    const result = await sweepline(['run', '--product', 'P-CI', '--sn', 'C-001']);
    expect(result.err).toContain('Uploaded: run 1 of this test in the stage; it has finished every stage.');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^\[2\/3\] IL max: pass \d+(\.\d+)? dB \(limit ≤ 3 dB\)$/m);
    expect(result.out).toContain('Serial number C-001: PASS');
    expect(result.out).toContain('██████'); // the block letters
    expect(result.out).not.toContain('\x1b['); // no colour, no cursor movement in a log
    expect((await runsOf('C-001')).map((r) => r.result)).toEqual([1]);
  });

  it('refuses a serial number that finished its stages, and a test that needs an operator', async () => {
    const finished = await sweepline(['run', '--product', 'P-CI', '--sn', 'C-001']);
    expect(finished.code).toBe(1);
    expect(finished.err).toContain('Serial number C-001 has finished all stages of P-CI');
    const asks = await sweepline(['run', '--product', 'P-TTY', '--sn', 'T-002']);
    expect(asks.code).toBe(2);
    expect(asks.err).toContain('Test Final asks the operator (step 5 (Voltage)): run it in a terminal');
  });
});

describe('the journal', () => {
  it('uploads a run whose runner was killed between measuring and uploading, on the next start', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', HANG], {
      env: cliEnv({ TEST_SEQ_ID: String(unattended.seqId), TEST_SN: 'C-002' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const id = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const match = /JOURNALED (\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.on('exit', (code) => reject(new Error(`the runner exited (${code}) before journaling`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await runsOf('C-002')).toEqual([]);

    const queue = await sweepline(['queue', '--no-upload']);
    expect(queue.out).toContain('waiting');
    expect(queue.out).toContain('C-002');

    // the next start of the runner (its lock file left by the dead one is taken over)
    const next = await sweepline(['run', '--product', 'P-CI', '--sn', 'C-003']);
    expect(next.err).toContain('Uploaded 1 run from the queue.');
    expect(next.code).toBe(0);
    expect((await runsOf('C-002')).map((r) => r.client_run_id)).toEqual([id]);
    const empty = await sweepline(['queue']);
    expect(empty.err).toContain('The queue is empty');
  });
});

describe('sweepline run in a terminal (tmux)', () => {
  const socket = `sweepline-test-${process.pid}`;
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  const screen = (session = 'runner') => tmux('capture-pane', '-p', '-t', session);

  async function waitFor(pattern: RegExp, timeoutMs = 60_000, session = 'runner'): Promise<string> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
      const text = screen(session);
      if (pattern.test(text)) return text;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`The terminal never showed ${pattern}:\n${screen(session)}`);
  }

  afterAll(() => {
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
  });

  it('sets up the lab with an ECal module: asks each role and the calibration kit, checks and saves', async () => {
    const configDir = join(lab.home, 'lab-tty');
    const env = cliEnv({ NO_COLOR: '', SWEEPLINE_CONFIG_DIR: configDir });
    tmux(
      'new-session',
      '-d',
      '-s',
      'lab',
      '-x',
      '120',
      '-y',
      '30',
      'sh',
      '-c',
      // the shell waits after the program ends, so its last screen can be read
      `SWEEPLINE_CONFIG_DIR='${env.SWEEPLINE_CONFIG_DIR}' '${process.execPath}' --import tsx '${MAIN}' lab; read done`,
    );
    await waitFor(/Network analyzer \(e\.g\./, 60_000, 'lab');
    tmux('send-keys', '-t', 'lab', lab.ena.resource, 'Enter');
    const kits = await waitFor(/❯ Mechanical kit/, 60_000, 'lab');
    expect(kits).toContain('Calibration kit of the network analyzer');
    expect(kits).toContain('4-port ECal module (electronic calibration)');
    tmux('send-keys', '-t', 'lab', 'Down');
    await waitFor(/❯ 2-port ECal module/, 60_000, 'lab');
    tmux('send-keys', '-t', 'lab', 'Enter');
    await waitFor(/The ECal module's serial number/, 60_000, 'lab');
    tmux('send-keys', '-t', 'lab', 'MY12345678', 'Enter');
    await waitFor(/PIM analyzer \(empty: none\)/, 60_000, 'lab');
    tmux('send-keys', '-t', 'lab', 'Enter');
    const saved = await waitFor(/saved .*lab\.json/, 60_000, 'lab');
    expect(saved).toMatch(/ECal module\s+2-port module, serial number MY12345678, on the network analyzer/);
    expect(saved).toContain('16 channels with 16 traces: ok');
    expect(JSON.parse(readFileSync(join(configDir, 'lab.json'), 'utf8'))).toMatchObject({
      networkAnalyzer: { resource: lab.ena.resource },
      ecalPorts: 2,
      ecalSerial: 'MY12345678',
    });
  });

  it('takes a scanned serial number, asks the operator, shows a big PASS until the next one, and Ctrl+C aborts a run', async () => {
    const env = cliEnv({ NO_COLOR: '' });
    const assignments = [
      'SWEEPLINE_CONFIG_DIR',
      'SWEEPLINE_CLI_DATA_DIR',
      'SWEEPLINE_SERVER',
      'SWEEPLINE_TOKEN',
    ].map((k) => `${k}=${env[k]}`);
    tmux(
      'new-session',
      '-d',
      '-s',
      'runner',
      '-x',
      '120',
      '-y',
      '50',
      'env',
      ...assignments,
      process.execPath,
      '--import',
      'tsx',
      MAIN,
      'run',
      '--product',
      'P-TTY',
    );
    await waitFor(/Scan or type the serial number/);
    tmux('send-keys', '-t', 'runner', 'T-001', 'Enter'); // what a barcode scanner types

    // answer each question as it comes, until the verdict
    const answered = new Set<string>();
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const text = screen();
      if (/Serial number T-001: (PASS|FAIL)/.test(text)) break;
      const lines = text.trimEnd().split('\n');
      const last = lines[lines.length - 1] ?? '';
      const key = `${lines.length}:${last}`;
      if (answered.has(key)) {
        await new Promise((r) => setTimeout(r, 150));
        continue;
      }
      if (/\(Enter to go on\)\s*$/.test(last)) {
        answered.add(key);
        tmux('send-keys', '-t', 'runner', 'Enter');
      } else if (/Supply voltage\? \(limits 4\.5 to 5\.5 V\)\s*$/.test(last)) {
        // the question shows the limits the value is judged against (issue 38)
        answered.add(key);
        tmux('send-keys', '-t', 'runner', '5.1', 'Enter');
      } else if (text.includes('Is the label on?') && !answered.has('label') && /❯ Yes/.test(text)) {
        answered.add('label');
        tmux('send-keys', '-t', 'runner', 'Enter');
      } else if (
        text.includes('Which colour is the housing?') &&
        !answered.has('colour') &&
        /❯ Grey/.test(text)
      ) {
        answered.add('colour');
        tmux('send-keys', '-t', 'runner', 'Enter');
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    const verdict = await waitFor(/Serial number T-001: PASS/);
    expect(verdict).toContain('██████'); // block letters, readable from a step away
    expect(verdict).toMatch(/Uploaded: run 1 of this test/);
    // the verdict stays while the runner waits for the next serial number
    const waiting = await waitFor(/Scan or type the serial number/);
    expect(waiting).toContain('Serial number T-001: PASS');
    expect((await runsOf('T-001')).map((r) => r.result)).toEqual([1]);

    // the next unit: calibrations still valid for the shift, and Ctrl+C at its first prompt
    tmux('send-keys', '-t', 'runner', 'T-002', 'Enter');
    const prompt = await waitFor(/Connect the filter to ports 1 and 2 {2}\(Enter to go on\)\s*$/);
    expect(prompt).not.toContain('Calibration 1 of 7');
    tmux('send-keys', '-t', 'runner', 'C-c');
    const aborted = await waitFor(/Serial number T-002: ABORTED/);
    expect(aborted).toContain('The operator aborted the run');
    await waitFor(/Scan or type the serial number/);
    expect((await runsOf('T-002')).map((r) => r.result)).toEqual([-1]);
    tmux('send-keys', '-t', 'runner', 'Enter'); // empty: the operator is done
  });
});
